import type { Db } from './database'

/**
 * Settings a job owns, keyed `<prefix><jobId>` (a setting has no job column): removed with the job
 * (job-removal.ts), or each deleted job would leave its row forever. `watchedOrigin`: what the job
 * keeps of the watched file it came from (unattended/watched-job.ts).
 */
export const JOB_SETTING_PREFIXES = { watchedOrigin: 'watched-job:' } as const

/** App settings as JSON values. Secrets go to the `secrets` table, encrypted, never here. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  get<T>(key: string): T | undefined {
    const r = this.db.prepare<unknown[], { value_json: string }>('SELECT value_json FROM settings WHERE key = ?').get(key)
    return r ? (JSON.parse(r.value_json) as T) : undefined
  }

  set(key: string, value: unknown): void {
    if (/key|token|secret|password/i.test(key) && typeof value === 'string') {
      throw new Error(`refusing to store "${key}" in clear; secrets go through the encrypted secret store`)
    }
    this.db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(key, JSON.stringify(value))
  }

  delete(key: string): void {
    this.db.prepare('DELETE FROM settings WHERE key = ?').run(key)
  }

  /**
   * The settings under `prefix` whose JSON text holds `value` as a string (a job's id in a watcher's
   * records): found by SQLite without parsing the others, which all() would do for every job listed.
   */
  withStringUnder(prefix: string, value: string): Array<[string, unknown]> {
    const rows = this.db
      .prepare<unknown[], { key: string; value_json: string }>('SELECT key, value_json FROM settings WHERE key GLOB ? AND instr(value_json, ?) > 0')
      .all(`${prefix.replace(/[*?[]/g, '[$&]')}*`, JSON.stringify(value))
    return rows.map((r) => [r.key, JSON.parse(r.value_json)])
  }

  all(): Record<string, unknown> {
    const rows = this.db.prepare<unknown[], { key: string; value_json: string }>('SELECT key, value_json FROM settings').all()
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value_json)]))
  }

  putSecret(name: string, scheme: string, ciphertext: Buffer): void {
    this.db.prepare('INSERT OR REPLACE INTO secrets (name, scheme, ciphertext) VALUES (?,?,?)').run(name, scheme, ciphertext)
  }

  getSecret(name: string): { scheme: string; ciphertext: Buffer } | undefined {
    return this.db.prepare<unknown[], { scheme: string; ciphertext: Buffer }>('SELECT scheme, ciphertext FROM secrets WHERE name = ?').get(name)
  }

  deleteSecret(name: string): void {
    this.db.prepare('DELETE FROM secrets WHERE name = ?').run(name)
  }
}
