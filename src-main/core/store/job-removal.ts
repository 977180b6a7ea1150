import { type Db, writeTransaction } from './database'
import { afterStep, BATCH_ROWS, timedStep } from './steps'
import { JOB_SETTING_PREFIXES } from './settings-repo'

/**
 * Removing a job. Its row in `jobs` goes in the caller's short transaction, with SQLite's
 * cascade off; what it owned (rows and their results, records, decisions, transitions, lease)
 * goes afterwards, in the background, in steps (steps.ts).
 *
 * Why: the cascade deleted a 1,000,000-row job in one transaction that held the file's write
 * lock ~10 s (2-core CI machine), twice what another writer waits: its job stopped, paused on
 * "database is locked", because someone deleted an old job. The job itself still disappears in one
 * commit (lists, reports, the ledger fold see it whole or gone); a process killed during the
 * sweep leaves rows no job refers to, which nothing reads (every reader starts from a job) and
 * the next sweep on that file removes.
 */

/**
 * Every table whose rows a job owns: read from the schema (a foreign key to jobs), so a table a
 * later migration adds is swept too. results go with job_rows, by their own cascade.
 */
function ownedByJob(db: Db): string[] {
  return db
    .prepare<[], { name: string }>(
      `SELECT m.name FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f."table" = 'jobs' ORDER BY m.name`,
    )
    .all()
    .map((t) => t.name)
}

const sweeps = new WeakMap<Db, Promise<void>>()

/**
 * The settings rows of jobs no longer in `jobs` (JOB_SETTING_PREFIXES): few and small, so deleted at
 * once, in the transaction that removes the jobs. Those an earlier rekap left behind go too.
 */
function forgetSettingsOfRemovedJobs(db: Db): void {
  const del = db.prepare('DELETE FROM settings WHERE key GLOB ? AND substr(key, ?) NOT IN (SELECT id FROM jobs)')
  for (const prefix of Object.values(JOB_SETTING_PREFIXES)) del.run(`${prefix}*`, prefix.length + 1)
}

/**
 * Runs `remove` (deleting rows of `jobs`) without the cascade, with the settings the removed jobs
 * owned in the same transaction, then starts the sweep.
 */
export function removingJobs<T>(db: Db, remove: () => T): T {
  const removeWithSettings = (): T =>
    writeTransaction(db, () => {
      const removed = remove()
      forgetSettingsOfRemovedJobs(db)
      return removed
    })
  // the pragma is a no-op inside a transaction: there the cascade runs (all at once, as before)
  if (db.inTransaction) return removeWithSettings()
  db.pragma('foreign_keys = OFF')
  try {
    return removeWithSettings()
  } finally {
    db.pragma('foreign_keys = ON')
    startSweep(db)
  }
}

/** Resolves when this connection's sweep (if any) has ended: a CLI command waits for it before it closes the file. */
export function removalsDone(db: Db): Promise<void> {
  return sweeps.get(db) ?? Promise.resolve()
}

/** Starts sweeping what removed jobs left, unless a sweep of this connection runs already (it looks again before it ends). */
export function startSweep(db: Db): void {
  if (sweeps.has(db)) return
  const done = sweep(db).finally(() => sweeps.delete(db))
  // nobody may wait for it (the app, a plan replacing another): a failure then is seen by
  // removalsDone's caller, if any, never an unhandled rejection that ends the app
  done.catch(() => undefined)
  sweeps.set(db, done)
}

async function sweep(db: Db): Promise<void> {
  const tables = ownedByJob(db)
  for (;;) {
    if (!db.open) return
    const t = Date.now()
    try {
      const left = orphan(db, tables)
      if (!left) return
      const del = db.prepare(`DELETE FROM "${left.table}" WHERE job_id = ? LIMIT ${BATCH_ROWS}`)
      timedStep(db, () => del.run(left.jobId).changes)
    } catch (err) {
      // another writer held the file past the busy timeout: the rows stay, unseen; a later sweep takes them
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return
      throw err
    }
    await afterStep(t)
  }
}

/** A table and a job id whose rows no job owns any more; found by seeking job ids in the table's index, not by reading its rows. */
function orphan(db: Db, tables: string[]): { table: string; jobId: string } | undefined {
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM jobs WHERE id = ?')
  for (const table of tables) {
    const next = db.prepare<[string], { job_id: string }>(`SELECT job_id FROM "${table}" WHERE job_id > ? ORDER BY job_id LIMIT 1`)
    for (let r = next.get(''); r; r = next.get(r.job_id)) if (!exists.get(r.job_id)) return { table, jobId: r.job_id }
  }
  return undefined
}
