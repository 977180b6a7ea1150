import { createRequire } from 'node:module'

/**
 * Timing control (tests/helpers/slow-row-inserts.cjs): each job row a plan stores takes at least
 * `ms` longer, so a plan of a few thousand rows stays `draft` for seconds whatever the load.
 */
const slow = createRequire(import.meta.url)('./slow-row-inserts.cjs') as { slowRowInserts(ms: number): () => void; preload: string }

/** Slows this process's row inserts; returns the undo. */
export const slowRowInserts = (ms: number): (() => void) => slow.slowRowInserts(ms)

/** The environment that slows a real `rekap` process's row inserts the same way. */
export function slowRowInsertsEnv(ms: number): NodeJS.ProcessEnv {
  const preload = `--require ${JSON.stringify(slow.preload)}`
  return { NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '), REKAP_TEST_ROW_INSERT_MS: String(ms) }
}
