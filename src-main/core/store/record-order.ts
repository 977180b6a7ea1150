/**
 * The order a directory job's records are reported in: per product, two region codes of the
 * record, then its key. `job_records` is keyed by this order (migration 8), so a report reads the
 * records in it without sorting them (issue 27: SQLite sorted 100,000 records' JSON on every export).
 * Changing it needs a migration that fills `order1` / `order2` of the stored records again.
 */
export const RECORD_ORDER = {
  hospitals: ['$.province_code', '$.regency_code'],
  schools: ['$.regency_code', '$.district_code'],
} as const

export type RecordProduct = keyof typeof RECORD_ORDER

/**
 * SQL for one order column of a record's JSON text. A primary-key column of a WITHOUT ROWID table
 * cannot be NULL, so a missing code (or record) is stored as -Infinity: like NULL in an ORDER BY it
 * sorts below every number and text, and json_extract keeps the value's own type (the column has no
 * affinity), so the order is the one `ORDER BY json_extract(...)` gave.
 */
export function orderColumnSql(product: RecordProduct, column: 0 | 1, json: string): string {
  return `COALESCE(json_extract(${json}, '${RECORD_ORDER[product][column]}'), -9e999)`
}
