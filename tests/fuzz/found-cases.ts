import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import type { FuzzTask } from './fuzz-runner'

/**
 * Every failure the fuzzer ever found, kept as the three numbers that rebuild it (seed file, seed,
 * index) in tests/fuzz/found/*.json: `npm run fuzz` writes one per failure, the suite replays them all.
 */
export interface FoundCase extends FuzzTask {
  /** which path failed: the dry run's reader, or the exceljs paths (annotated copy, verify) */
  path: 'reader' | 'exceljs'
  what: string
  found: string
}

export const FOUND_DIR = join(import.meta.dirname, 'found')

export function foundCases(): FoundCase[] {
  return readdirSync(FOUND_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(FOUND_DIR, f), 'utf8')) as FoundCase[])
}
