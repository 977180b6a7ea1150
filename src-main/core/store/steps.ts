import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Work on many rows in steps: another process writing the same file (a `rekap run`, the app)
 * waits at most 5 s for SQLite's write lock (busy_timeout) before it fails with "database is
 * locked", and one transaction over a 1,000,000-row job held it ~10 s on the 2-core CI machine.
 * Each step is its own IMMEDIATE transaction of at most STEP_ROWS rows (~50 ms there).
 */
export const STEP_ROWS = 5_000

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
