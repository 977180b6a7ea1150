import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'

/**
 * The plan benches' hospital-lookup input, one distinct code per row, as `codes.csv` and
 * `codes.xlsx` in `dir` (exceljs's streaming writer with shared strings, as Excel saves: at
 * 1,000,000 rows 3,000,000 shared strings, an 87 MB sharedStrings.xml).
 */
export async function writeCodeInputs(dir: string, rows: number): Promise<void> {
  const lines = ['No,Kode RS,Nama RS,Keterangan']
  for (let i = 1; i <= rows; i++) lines.push(`${i},RS${String(i).padStart(7, '0')},Rumah Sakit ${i},baris ${i}`)
  writeFileSync(join(dir, 'codes.csv'), lines.join('\n'))
  lines.length = 0
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(dir, 'codes.xlsx'), useSharedStrings: true, useStyles: true })
  const ws = wb.addWorksheet('Data')
  ws.addRow(['No', 'Kode RS', 'Nama RS', 'Keterangan']).commit()
  for (let i = 1; i <= rows; i++) ws.addRow([i, `RS${String(i).padStart(7, '0')}`, `Rumah Sakit ${i}`, `baris ${i}`]).commit()
  await wb.commit()
}
