import type { Db } from './database'

/** App settings as JSON values. Secrets go to the `secrets` table, encrypted, never here. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  get<T>(key: string): T | undefined {
    const r = this.db.prepare('SELECT value_json FROM settings WHERE key = ?').get(key) as { value_json: string } | undefined
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

  all(): Record<string, unknown> {
    const rows = this.db.prepare('SELECT key, value_json FROM settings').all() as { key: string; value_json: string }[]
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value_json)]))
  }

  putSecret(name: string, scheme: string, ciphertext: Buffer): void {
    this.db.prepare('INSERT OR REPLACE INTO secrets (name, scheme, ciphertext) VALUES (?,?,?)').run(name, scheme, ciphertext)
  }

  getSecret(name: string): { scheme: string; ciphertext: Buffer } | undefined {
    return this.db.prepare('SELECT scheme, ciphertext FROM secrets WHERE name = ?').get(name) as
      | { scheme: string; ciphertext: Buffer }
      | undefined
  }

  deleteSecret(name: string): void {
    this.db.prepare('DELETE FROM secrets WHERE name = ?').run(name)
  }
}
