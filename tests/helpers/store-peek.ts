import { openDatabase } from '../../src-main/core/store'

/** Reads the store as a third party would (a second terminal): its own read-only connection each time. */
export function peek<T>(db: string, sql: string, ...args: unknown[]): T | undefined {
  const conn = openDatabase(db, { readonly: true })
  try {
    return conn.prepare(sql).get(...args) as T | undefined
  } finally {
    conn.close()
  }
}
