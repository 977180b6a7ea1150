import { join, resolve } from 'node:path'
import { defaultDataDir } from '../core/paths/data-dir'

/**
 * The store file the CLI uses: --db, else REKAP_DB, else the app's data folder (shared with the desktop app).
 * Apart from cli-engine.ts so the commands that open the store alone (review, verify, preset, …) do not load the engine.
 */
export function dbPathFrom(db: string | undefined): string {
  // An empty --db or REKAP_DB means "not set" (better-sqlite3 would open a throw-away temporary
  // database for '', and every folder beside it would be relative to wherever rekap was started).
  return resolve(db || process.env.REKAP_DB || join(defaultDataDir(), 'rekap.db'))
}
