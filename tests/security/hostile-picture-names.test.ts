/**
 * Hostile-input audit: a picture pasted over a cell is copied beside the store as
 * "<row>-<field>.<extension>", the extension taken from the picture's part name inside the workbook.
 * A part named "xl/media/image1.jpeg/x" or "xl/media/image1" (no extension) made that name a path into
 * a folder that does not exist: `rekap run` died with "unexpected error: ENOENT ..." (exit 1, no file,
 * sheet, row or column), leaving a draft. The copy's extension is now only ever a plain one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-picnames-')))
afterAll(() => tmp.cleanup())

const PHOTOS = join(REPO_ROOT, 'examples', 'kyc', 'photos')

/** A KYC row whose KTP is a picture over D2, its part renamed to `mediaName`. */
async function workbookWithPictureNamed(file: string, mediaName: string): Promise<void> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Data')
  ws.getRow(1).values = ['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Selfie']
  ws.getRow(2).values = [1, '3273015708920003', 'Ayu', null, 'selfie-01.jpg']
  const img = wb.addImage({ buffer: readFileSync(join(PHOTOS, 'ktp-01.jpg')) as unknown as ExcelJS.Buffer, extension: 'jpeg' })
  ws.addImage(img, { tl: { col: 3.1, row: 1.1 }, ext: { width: 60, height: 40 } })
  const zip = await JSZip.loadAsync((await wb.xlsx.writeBuffer()) as unknown as Buffer)
  const media = await zip.file('xl/media/image1.jpeg')!.async('nodebuffer')
  zip.remove('xl/media/image1.jpeg')
  zip.file(mediaName, media)
  const relsName = 'xl/drawings/_rels/drawing1.xml.rels'
  const rels = await zip.file(relsName)!.async('string')
  zip.file(relsName, rels.replace('../media/image1.jpeg', `/${mediaName}`))
  writeFileSync(file, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }))
  writeFileSync(join(tmp.dir, 'selfie-01.jpg'), readFileSync(join(PHOTOS, 'selfie-01.jpg')))
}

describe('a pasted picture whose part name is not a plain file name', () => {
  for (const mediaName of ['xl/media/image1.jpeg/x', 'xl/media/image1', 'xl/media/image1.jp:eg']) {
    it(`${mediaName}: planned like any picture, never an unexpected error`, async () => {
      const file = join(tmp.dir, `${mediaName.replace(/\W/g, '_')}.xlsx`)
      await workbookWithPictureNamed(file, mediaName)
      const r = await rekap(['run', file, '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'p.db')], { timeoutMs: 60_000 })
      expect(r.out).not.toMatch(/unexpected error|ENOENT/)
      expect(r.code, r.out).toBe(0)
      expect(r.out).toMatch(/pre-flight: 1 rows, 1 OK/)
    }, 90_000)
  }
})
