/**
 * A small KYC workbook the way a desk makes one: the real face photos of ../shared/fixtures/faces
 * copied at test time into a "foto" folder beside it (photo paths outside the workbook's folder
 * are refused unless allowed), referred to by relative paths. Its selfie column is called "Foto Kedua", which no
 * auto-guess recognises, so the user has to fix the mapping; one row points at a file that
 * does not exist (fails the pre-flight for free) and one repeats an earlier pair (duplicate).
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { SHARED_DIR } from '../../helpers/sandbox-process'

const FACES = path.join(SHARED_DIR, 'fixtures', 'faces')

export const KYC_PAIRS: Array<[string, string, string]> = [
  ['Budi Santoso', 'obama_1.jpg', 'obama_2.jpg'],
  ['Siti Aminah', 'biden_1.jpg', 'biden_2.jpg'],
  ['Andi Wijaya', 'kit_harington_1.jpg', 'kit_harington_2.jpg'],
  ['Dewi Lestari', 'rose_leslie_1.jpg', 'rose_leslie_2.jpg'],
  ['Rudi Hartono', 'obama_3.jpg', 'biden_1.jpg'],
  ['Sri Wahyuni', 'alex_lacamoire_1.jpg', 'alex_lacamoire_2.png'],
  ['Agus Salim', 'rose_leslie_1.jpg', 'kit_harington_2.jpg'],
  ['Wati Susanti', 'obama_240p.jpg', 'lin_manuel_miranda_1.png'],
  ['Budi Santoso', 'obama_1.jpg', 'obama_2.jpg'], // duplicate of the first pair
  ['Joko Prasetyo', 'tidak_ada.jpg', 'obama_2.jpg'], // missing file
]

export async function writeKycWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Nasabah')
  ws.addRow(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Kedua'])
  const photos = path.join(path.dirname(file), 'foto')
  mkdirSync(photos, { recursive: true })
  for (const name of new Set(KYC_PAIRS.flatMap(([, a, b]) => [a, b]))) {
    if (existsSync(path.join(FACES, name))) copyFileSync(path.join(FACES, name), path.join(photos, name))
  }
  KYC_PAIRS.forEach(([name, a, b], i) => {
    ws.addRow([i + 1, `32010112${String(900000 + i).padStart(8, '0')}`, name, `foto/${a}`, `foto/${b}`])
  })
  ws.getColumn(2).numFmt = '@'
  await wb.xlsx.writeFile(file)
}
