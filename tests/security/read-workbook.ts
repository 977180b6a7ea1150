/**
 * How the hostile-workbook tests read a file: as a dry run does (the sheets listed, the first one
 * opened and read to its end), keeping the rows read before any refusal so a test can say what
 * slipped through.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { listSheets, openTable } from '../../src-main/core/importers'

/** Writes a built workbook's bytes into `dir`; its path. */
export function saveWorkbook(dir: string, name: string, zip: Buffer): string {
  const file = join(dir, name)
  writeFileSync(file, zip)
  return file
}

/** Lists the sheets, opens the first and reads every row; the error it ended in (or null) and the rows read. */
export async function readAll(file: string): Promise<{ err: unknown; rows: Array<Record<string, unknown>> }> {
  const rows: Array<Record<string, unknown>> = []
  try {
    await listSheets(file)
    const table = await openTable(file)
    try {
      for await (const row of table.rows()) rows.push(row.values)
    } finally {
      await table.close()
    }
    return { err: null, rows }
  } catch (err) {
    return { err, rows }
  }
}
