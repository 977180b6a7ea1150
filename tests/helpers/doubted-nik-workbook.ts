/**
 * KYC workbooks whose NIK column was typed as numbers (the cells the importer doubts or refuses),
 * with the README example's photos copied into a "photos" folder beside them: the CLI's and the
 * app's tests read the same cells.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { REPO_ROOT } from './temp-dir'

/** Excel kept 15 digits: 3273015708920003 typed into a number column is kept as ...0000 (sent, to check). */
export const ROUNDED_NIK = 3273015708920000
/** 17 digits kept as a number: beyond 2^53, the last digits are gone for good (fails locally). */
export const LOST_NIK = 32730157089200031
/** A name pasted past Excel's 32,767 characters a cell holds (cut; sent, to check). */
export const OVERLONG_NAME = 'S'.repeat(40_000)

/** One KYC row: the NIK as the workbook holds it (number or text) and the name. */
export type NikRow = [nik: number | string, name: string]

/** Writes `file` (sheet "Data KYC": NIK, Nama, Foto KTP, Foto Selfie), row i's photos ktp-0i/selfie-0i (1 to 5). */
export async function writeNikWorkbook(file: string, rows: NikRow[]): Promise<string> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Data KYC')
  ws.addRow(['NIK', 'Nama', 'Foto KTP', 'Foto Selfie'])
  const photos = path.join(path.dirname(file), 'photos')
  mkdirSync(photos, { recursive: true })
  rows.forEach(([nik, name], i) => {
    const ktp = `ktp-0${i + 1}.jpg`
    const selfie = `selfie-0${i + 1}.jpg`
    for (const f of [ktp, selfie]) copyFileSync(path.join(REPO_ROOT, 'examples/kyc/photos', f), path.join(photos, f))
    ws.addRow([nik, name, `photos/${ktp}`, `photos/${selfie}`])
  })
  await wb.xlsx.writeFile(file)
  return file
}
