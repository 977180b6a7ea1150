import { openDatabase, type Db, writeTransaction } from './database'
import { JobsRepo } from './jobs-repo'
import { RowsRepo } from './rows-repo'
import { UsageRepo } from './usage-repo'
import { DirectoryCache } from './directory-cache'
import { SettingsRepo } from './settings-repo'
import { ReviewRepo } from './review-repo'
import { RowMarksRepo } from './row-marks-repo'
import { StoreMetaRepo } from './store-meta-repo'
import { LeasesRepo } from './leases-repo'
import { ReuseRepo } from './reuse-repo'
import { HousekeepingRepo } from './housekeeping-repo'
import { removalsDone } from './job-removal'

export * from './jobs-repo'
export * from './rows-repo'
export * from './usage-repo'
export * from './directory-cache'
export * from './settings-repo'
export * from './review-repo'
export * from './row-marks-repo'
export * from './store-meta-repo'
export * from './leases-repo'
export * from './reuse-repo'
export * from './housekeeping-repo'
export { openDatabase, schemaVersion, type Db } from './database'

/** rekap's local store: one SQLite file holding jobs, results, money, the directory cache. */
export interface Store {
  file: string
  db: Db
  jobs: JobsRepo
  rows: RowsRepo
  usage: UsageRepo
  cache: DirectoryCache
  settings: SettingsRepo
  review: ReviewRepo
  marks: RowMarksRepo
  meta: StoreMetaRepo
  leases: LeasesRepo
  /** face pairs verified in earlier jobs (never pay twice across jobs) */
  reuse: ReuseRepo
  /** deleting and pruning jobs while the month's ledger stays whole */
  housekeeping: HousekeepingRepo
  /** runs `fn` (calls of the repositories above) in one transaction: all of it is written, or none */
  transaction<T>(fn: () => T): T
  /** SQLite's data_version: changes when another connection (process) commits to the file */
  dataVersion(): number
  /** resolves when the rows of jobs deleted on this connection are gone too (they go in the background: job-removal.ts) */
  removalsDone(): Promise<void>
  close(): void
}

export function openStore(file: string): Store {
  const db = openDatabase(file)
  return storeOver(db, file, () => db.close())
}

/** The repositories over an open connection (the engine's, or a report's read-only one). */
export function storeOver(db: Db, file: string, close: () => void): Store {
  return {
    file,
    db,
    jobs: new JobsRepo(db),
    rows: new RowsRepo(db),
    usage: new UsageRepo(db),
    cache: new DirectoryCache(db),
    settings: new SettingsRepo(db),
    review: new ReviewRepo(db),
    marks: new RowMarksRepo(db),
    meta: new StoreMetaRepo(db),
    leases: new LeasesRepo(db),
    reuse: new ReuseRepo(db),
    housekeeping: new HousekeepingRepo(db),
    transaction: (fn) => writeTransaction(db, fn),
    dataVersion: () => Number(db.pragma('data_version', { simple: true })),
    removalsDone: () => removalsDone(db),
    close,
  }
}
