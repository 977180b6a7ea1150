import type { HospitalRecord, SchoolRecord, ServiceClient } from '../provider'
import type { JobRow, RegionEntry, RowResult, Store } from '../store'

/**
 * What a unit learned besides its row's result. Units never write the store: they return this
 * (or hand it to `env.keep` while a paged row is under way) and the runner stores it, in one
 * transaction (core/jobs/keep-learned.ts).
 */
export interface Learned {
  hospitals?: HospitalRecord[]
  schools?: SchoolRecord[]
  regions?: RegionEntry[]
  /** directory records linked to the row (the job's report lists them) */
  links?: { product: 'hospitals' | 'schools'; keys: string[] }
  /** the row's paging progress, kept with the page's records: a resumed row continues at the next page */
  progress?: unknown
  /** answers counted as they come, in the kind's product (a row blocked half-way has spent them) */
  hits?: number
  /** a directory query fetched to its last page (a later query within the freshness window reads the cache) */
  sync?: { key: string; product: 'hospitals' | 'schools'; filters: unknown; records: number }
}

/** What a unit may read of the store: cached records (a fresh one answers a row without a request). */
export type CacheReader = Pick<Store['cache'], 'getHospital' | 'getSchool' | 'freshSync' | 'iterateHospitals' | 'iterateSchools'>

/**
 * How one row of a kind becomes service calls and a result. The runner owns pacing, retries,
 * money and the store; a unit only calls `env.call()` around each request (which waits for the
 * rate limiter and checks quota), reads the cache, and reports the outcome with what it learned.
 */
export interface UnitEnv {
  client: ServiceClient
  /** read-only: units write nothing (tests/integration/units-return-learned.test.ts) */
  cache: CacheReader
  jobId: string
  /** where records come from, so sandbox data is never taken for real data */
  source: string
  freshAfter: number
  now: () => number
  signal: AbortSignal
  /** wraps one request: waits for a rate token and the quota check first */
  call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T>
  /** the runner stores this now, in one transaction (a paged unit keeps each page before asking the next) */
  keep(learned: Learned): void
}

export type UnitOutcome =
  | { type: 'done'; result: RowResult; charged: boolean; hits: number; learned?: Learned }
  | { type: 'fail'; code: string; message: string; hits: number; learned?: Learned }

export type Unit = (row: JobRow, env: UnitEnv) => Promise<UnitOutcome>

/** The row's input cannot be sent as planned (a photo gone since planning): fail it, send nothing. */
export class UnitInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
