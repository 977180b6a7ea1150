import { setTimeout as sleep } from 'node:timers/promises'
import { type Db, writeTransaction } from './database'

/**
 * Work on many rows in steps: another process writing the same file (a `rekap run`, the app)
 * waits at most 5 s for SQLite's write lock (busy_timeout) before it fails with "database is
 * locked", and one transaction over a 1,000,000-row job held it ~10 s on the 2-core CI machine.
 * Each step is its own IMMEDIATE transaction of at most STEP_ROWS rows (~50 ms there), and of
 * at most STEP_MS: a CPU starved by other work (load 20 on 2 cores) stretched one 5,000-row step
 * to 2.4 s, so a step is done in batches of BATCH_ROWS and commits once STEP_MS have passed.
 */
export const STEP_ROWS = 5_000

/** Rows per statement within a step: a few ms each, tens of ms on a starved CPU. */
export const BATCH_ROWS = 500

/** A step commits after this long holding the write lock, however few rows it did. */
const STEP_MS = 150

/**
 * One step: `batch` (doing at most BATCH_ROWS rows a call, returning how many it did) again in one
 * IMMEDIATE transaction until it does fewer (nothing left), STEP_ROWS are done or STEP_MS passed.
 */
export function timedStep(db: Db, batch: () => number): { rows: number; more: boolean } {
  return writeTransaction(db, () => {
    const started = performance.now()
    let rows = 0
    for (;;) {
      const did = batch()
      rows += did
      if (did < BATCH_ROWS) return { rows, more: false }
      if (rows >= STEP_ROWS || performance.now() - started >= STEP_MS) return { rows, more: true }
    }
  })
}

/** Pause after each step at least this long, and at least as long as the step took (see afterStep). */
const MIN_PAUSE_MS = 10

/**
 * Between steps: a writer waiting for the lock (SQLite's busy handler) looks again only every
 * ~100 ms, so taking it straight back after each commit would keep that writer out for the whole
 * job; a pause as long as the step leaves it the lock half the time.
 */
export async function afterStep(startedAt: number): Promise<void> {
  await sleep(Math.max(MIN_PAUSE_MS, Date.now() - startedAt))
}
