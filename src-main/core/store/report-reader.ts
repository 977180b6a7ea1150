import { openDatabase, storeOver, type Store } from './index'

/**
 * A report reads through its own read-only connection to the store's file. Its row iterator
 * stays open across awaits (the zip stream drains in between), and an open better-sqlite3
 * iterator makes its connection refuse every other statement, so sharing the engine's
 * connection would break a job running beside the export. WAL lets both read and write at once.
 * All of a report's reads run in one read transaction, so the summary's figures and the rows
 * come from the same snapshot even while a job is still writing.
 * An in-memory store has no file to reopen and is read directly.
 */
export function openReportReader(store: Store): Store {
  if (store.file === ':memory:' || store.file === '') return { ...store, close: () => {} }
  const db = openDatabase(store.file, { readonly: true })
  db.exec('BEGIN')
  return storeOver(db, store.file, () => {
    if (db.inTransaction) db.exec('COMMIT')
    db.close()
  })
}
