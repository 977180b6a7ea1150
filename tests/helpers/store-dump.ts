import type { Db } from '../../src-main/core/store'

/** Every table of the store, every row, in a stable order: "nothing changed" means equal dumps. */
export function dumpStore(db: Db): Record<string, unknown[]> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
  const out: Record<string, unknown[]> = {}
  for (const { name } of tables) {
    // some tables are WITHOUT ROWID: order by the rows' own text
    out[name] = (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort()
  }
  return out
}
