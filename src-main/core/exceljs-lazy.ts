import { createRequire } from 'node:module'
import type ExcelJS from 'exceljs'

/**
 * exceljs, loaded on first use. Loading it costs about a second of start-up on a busy 2-core
 * machine, and most commands (every `rekap` start, the server, the tests' CLI processes) never
 * touch it: rekap reads and writes sheets with its own code and keeps exceljs for thumbnails,
 * annotated copies, report checks and the `engine: 'exceljs'` reader.
 */
let loaded: typeof ExcelJS | null = null

export function excel(): typeof ExcelJS {
  loaded ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS
  return loaded
}
