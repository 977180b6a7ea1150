/**
 * Generates the bad-input corpus (issue 10) into a directory: `npx tsx scripts/make-bad-inputs.ts <dir> [--no-huge]`.
 * Tests call makeBadInputs() into a temporary directory; nothing generated is committed.
 *
 * Every workbook keeps some good rows next to the bad ones, so a test can check both that the bad
 * input gives its specific message and that nothing else is lost.
 */
import { copyFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, createDeflate } from 'node:zlib'

import ExcelJS from 'exceljs'
import sharp from 'sharp'

import { writeCompoundFile } from '../tests/fixtures/builders/cfb-writer'
import { FACES_DIR, inlineCell, minimalWorkbookParts, SHEET_OPEN } from '../tests/fixtures/builders/workbooks'
import { writeZip } from '../tests/fixtures/builders/zip-writer'

export interface BadInputs {
  dir: string
  emptySheet: string
  emptyWorkbook: string
  headerOnly: string
  mergedHeaders: string
  millionRows: string | null
  hugeCell: string
  wrongTypes: string
  nikAsNumber: string
  nikAsNumberCsv: string
  bomSemicolonCsv: string
  duplicateRows: string
  zipBomb: string
  truncated: string
  passwordProtected: string
  legacyXls: string
  notAWorkbook: string
  /** a KYC workbook whose rows point at good and bad pictures, `..` paths and symlinks */
  kycPaths: string
  images: Record<'good' | 'gif' | 'heic' | 'pdf' | 'empty' | 'truncated' | 'over5mb' | 'hundredMegapixel', string>
}

export const MILLION = 1_048_576

async function writeWorkbook(file: string, build: (wb: ExcelJS.Workbook) => void | Promise<void>): Promise<string> {
  const wb = new ExcelJS.Workbook()
  await build(wb)
  await wb.xlsx.writeFile(file)
  return file
}

/** 1,048,576 rows (Excel's maximum) written straight as XML: seconds instead of minutes through exceljs. */
async function writeMillionRowSheet(file: string): Promise<void> {
  const sheet = async function* (): AsyncGenerator<string> {
    yield `${SHEET_OPEN}<dimension ref="A1:B${MILLION}"/><sheetData>`
    yield `<row r="1">${inlineCell('A1', 'Kode RS')}${inlineCell('B1', 'Catatan')}</row>`
    let batch = ''
    for (let r = 2; r <= MILLION; r++) {
      batch += `<row r="${r}"><c r="A${r}"><v>${3171000 + (r % 1000)}</v></c><c r="B${r}" t="inlineStr"><is><t>r${r}</t></is></c></row>`
      if (r % 5000 === 0) {
        yield batch
        batch = ''
      }
    }
    yield `${batch}</sheetData></worksheet>`
  }
  const parts = minimalWorkbookParts('Data', null)
  const workbookXml = parts.find((p) => p.name === 'xl/workbook.xml')!
  workbookXml.content = String(workbookXml.content).replace('<sheets></sheets>', '<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets>')
  const rels = parts.find((p) => p.name === 'xl/_rels/workbook.xml.rels')!
  rels.content = String(rels.content).replace(
    '</Relationships>',
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  )
  await writeZip(file, [...parts, { name: 'xl/worksheets/sheet1.xml', content: sheet }])
}

/** A real workbook whose sheet XML is padded with 300 MB of whitespace: tiny on disk, huge unpacked. */
async function writeZipBomb(file: string): Promise<void> {
  const padded = async function* (): AsyncGenerator<Buffer> {
    yield Buffer.from(`${SHEET_OPEN}<sheetData><row r="1">${inlineCell('A1', 'NIK')}${inlineCell('B1', 'Nama')}</row>`)
    const spaces = Buffer.alloc(4 * 1024 * 1024, 0x20)
    for (let i = 0; i < 75; i++) yield spaces
    yield Buffer.from('</sheetData></worksheet>')
  }
  const parts = minimalWorkbookParts('Data', '').filter((p) => p.name !== 'xl/worksheets/sheet1.xml')
  await writeZip(file, [...parts, { name: 'xl/worksheets/sheet1.xml', content: padded }])
}

/** PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed) >>> 0)
  return Buffer.concat([len, typed, crc])
}

/** A 10,000 x 10,000 grey PNG (100 megapixels) that is a few hundred KB on disk: a decompression bomb. */
async function writeHundredMegapixelPng(file: string): Promise<void> {
  const side = 10_000
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const deflate = createDeflate({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const row = Buffer.alloc(side + 1, 0x80)
  row[0] = 0 // filter: none
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r))
  }
  deflate.end()
  await done
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  await writeFile(file, Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(chunks)), pngChunk('IEND', Buffer.alloc(0))]))
}

async function writeImages(fotoDir: string): Promise<BadInputs['images']> {
  await mkdir(fotoDir, { recursive: true })
  const at = (name: string): string => path.join(fotoDir, name)
  const face = await readFile(path.join(FACES_DIR, 'biden_1.jpg'))
  await writeFile(at('ktp_good.jpg'), face)
  await sharp(face).resize(200).gif().toFile(at('animasi.gif'))
  // an HEIC file as an iPhone writes it starts with an ISO-BMFF "ftyp" box of brand heic
  const ftyp = Buffer.alloc(24)
  ftyp.writeUInt32BE(24, 0)
  ftyp.write('ftypheic', 4, 'ascii')
  ftyp.write('mif1heic', 16, 'ascii')
  await writeFile(at('iphone.heic'), Buffer.concat([ftyp, Buffer.alloc(2048, 7)]))
  await writeFile(
    at('scan_ktp.pdf'),
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
  await writeFile(at('kosong.jpg'), Buffer.alloc(0))
  await writeFile(at('terpotong.jpg'), face.subarray(0, Math.floor(face.length / 2)))
  // random noise does not compress: 1,400 x 1,400 RGB is about 5.9 MB as PNG
  const noise = Buffer.alloc(1400 * 1400 * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.imul(i, 2654435761) >>> 13) & 0xff
  await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toFile(at('besar_6mb.png'))
  await writeHundredMegapixelPng(at('raksasa_100mp.png'))
  return {
    good: at('ktp_good.jpg'),
    gif: at('animasi.gif'),
    heic: at('iphone.heic'),
    pdf: at('scan_ktp.pdf'),
    empty: at('kosong.jpg'),
    truncated: at('terpotong.jpg'),
    over5mb: at('besar_6mb.png'),
    hundredMegapixel: at('raksasa_100mp.png'),
  }
}

/** Rows of the KYC paths workbook: [case, Foto KTP cell, Selfie cell]. */
export const KYC_PATH_ROWS: Array<[string, string, string]> = [
  ['good relative path', 'foto/ktp_good.jpg', 'foto/ktp_good.jpg'],
  ['gif', 'foto/animasi.gif', 'foto/ktp_good.jpg'],
  ['heic', 'foto/iphone.heic', 'foto/ktp_good.jpg'],
  ['pdf', 'foto/scan_ktp.pdf', 'foto/ktp_good.jpg'],
  ['empty', 'foto/kosong.jpg', 'foto/ktp_good.jpg'],
  ['truncated', 'foto/terpotong.jpg', 'foto/ktp_good.jpg'],
  ['over 5 MB', 'foto/besar_6mb.png', 'foto/ktp_good.jpg'],
  ['100 megapixels', 'foto/raksasa_100mp.png', 'foto/ktp_good.jpg'],
  ['dot-dot leaves folder', '../rahasia/secret.jpg', 'foto/ktp_good.jpg'],
  ['symlink leaves folder', 'foto/tautan.jpg', 'foto/ktp_good.jpg'],
  ['windows backslashes', 'foto\\ktp_good.jpg', 'foto/ktp_good.jpg'],
  ['missing file', 'foto/tidak_ada.jpg', 'foto/ktp_good.jpg'],
  ['good again', 'foto/ktp_good.jpg', './foto/ktp_good.jpg'],
]

export async function makeBadInputs(dir: string, opts: { huge?: boolean } = {}): Promise<BadInputs> {
  const huge = opts.huge ?? true
  await mkdir(dir, { recursive: true })
  const at = (name: string): string => path.join(dir, name)

  const emptySheet = await writeWorkbook(at('empty-sheet.xlsx'), (wb) => void wb.addWorksheet('Data'))
  const emptyWorkbook = at('empty-workbook.xlsx')
  await writeZip(emptyWorkbook, minimalWorkbookParts('Data', null))

  const headerOnly = await writeWorkbook(at('header-only.xlsx'), (wb) => {
    wb.addWorksheet('Data').addRow(['NIK', 'Nama', 'Foto KTP', 'Selfie'])
  })

  const mergedHeaders = await writeWorkbook(at('merged-headers.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Data')
    ws.getCell('A1').value = 'Rekap Verifikasi Nasabah'
    ws.mergeCells('A1:E1')
    ws.getRow(2).values = ['No', 'NIK', 'Nama', 'Foto', undefined]
    ws.getRow(3).values = [undefined, undefined, undefined, 'KTP', 'Selfie']
    ws.mergeCells('A2:A3')
    ws.mergeCells('B2:B3')
    ws.mergeCells('C2:C3')
    ws.mergeCells('D2:E2')
    ws.addRow([1, '3201234567890001', 'Budi', 'foto/ktp_1.jpg', 'foto/selfie_1.jpg'])
    ws.addRow([2, '3201234567890002', 'Sari', 'foto/ktp_2.jpg', 'foto/selfie_2.jpg'])
  })

  const hugeCell = await writeWorkbook(at('huge-cell.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Data')
    ws.addRow(['Kode RS', 'Catatan'])
    ws.addRow(['3171015', 'pendek'])
    ws.addRow(['3171026', 'x'.repeat(40_000)])
    ws.addRow(['3171037', 'pendek juga'])
  })

  const wrongTypes = await writeWorkbook(at('wrong-types.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Kode')
    ws.addRow(['Kode RS', 'Nama RS'])
    ws.addRow(['3171015', 'text code'])
    ws.addRow([3171026, 'number code'])
    ws.addRow([new Date(Date.UTC(2024, 0, 2)), 'date in code column'])
    ws.addRow([true, 'boolean in code column'])
    ws.addRow([3171015.5, 'fraction in code column'])
    ws.addRow([{ formula: 'NA()', result: { error: '#N/A' } }, 'error in code column'])
    ws.addRow(['3171048', 'text code again'])
  })

  const nikAsNumber = await writeWorkbook(at('nik-as-number.xlsx'), (wb) => {
    const ws = wb.addWorksheet('KYC')
    ws.addRow(['NIK', 'Nama', 'Foto KTP', 'Selfie'])
    ws.addRow([3201234567890123, 'exact 16 digits as number', 'a.jpg', 'b.jpg'])
    ws.addRow([3201234567890120, 'ends in 0, maybe cut by Excel', 'a.jpg', 'b.jpg'])
    ws.addRow([9201234567890123, 'above 2^53: digits lost', 'a.jpg', 'b.jpg'])
    ws.addRow(['0201234567890123', 'text with leading zero', 'a.jpg', 'b.jpg'])
  })
  const nikAsNumberCsv = at('nik-as-number.csv')
  await writeFile(nikAsNumberCsv, 'NIK,Nama\r\n3.20123E+15,exponent form from Excel\r\n3201234567890123,text digits\r\n')

  const bomSemicolonCsv = at('bom-semicolon.csv')
  await writeFile(
    bomSemicolonCsv,
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        'Kode RS;Nama RS;Alamat\r\n' +
          '3171015;RSUD "Tarakan";"Jl. Kyai Caringin No. 7; Jakarta"\r\n' +
          '3171026;"RS ""Medika"" Permata";"Jl. Raya\r\nBaris kedua"\r\n' +
          '3171037;RS Élite Ñusantara;Jl. Ütara\r\n',
        'utf8',
      ),
    ]),
  )

  const duplicateRows = await writeWorkbook(at('duplicate-rows.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Data')
    ws.addRow(['NIK', 'Nama', 'Foto KTP', 'Selfie'])
    ws.addRow(['3201234567890001', 'Budi', 'foto/ktp_1.jpg', 'foto/selfie_1.jpg'])
    ws.addRow(['3201234567890001', 'Budi', 'foto/ktp_1.jpg', 'foto/selfie_1.jpg'])
    ws.addRow(['3201234567890002', 'Sari', 'foto/ktp_2.jpg', 'foto/selfie_2.jpg'])
    ws.addRow(['3201234567890001', 'Budi', 'foto/ktp_1.jpg', 'foto/selfie_1.jpg'])
  })

  const zipBomb = at('zip-bomb.xlsx')
  await writeZipBomb(zipBomb)

  const truncated = at('truncated.xlsx')
  const whole = await readFile(nikAsNumber)
  await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)))

  const passwordProtected = at('password-protected.xlsx')
  await writeCompoundFile(passwordProtected, true)
  const legacyXls = at('legacy.xls')
  await writeCompoundFile(legacyXls, false)
  const notAWorkbook = at('not-a-workbook.xlsx')
  await writeFile(notAWorkbook, '<html><body>Download gagal: sesi habis</body></html>')

  let millionRows: string | null = null
  if (huge) {
    millionRows = at('million-rows.xlsx')
    await writeMillionRowSheet(millionRows)
  }

  // KYC workbook with picture paths, next to its pictures; a secret file sits outside its folder
  const kycDir = at('kyc')
  const images = await writeImages(path.join(kycDir, 'foto'))
  await mkdir(at('rahasia'), { recursive: true })
  await copyFile(images.good, at('rahasia/secret.jpg'))
  await symlink(at('rahasia/secret.jpg'), path.join(kycDir, 'foto', 'tautan.jpg'))
  const kycPaths = await writeWorkbook(path.join(kycDir, 'kyc-paths.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Data')
    ws.addRow(['NIK', 'Nama', 'Foto KTP', 'Selfie', 'Kasus'])
    KYC_PATH_ROWS.forEach(([kase, ktp, selfie], i) => {
      ws.addRow([`32012345678900${String(i + 10)}`, `Nasabah ${i + 1}`, ktp, selfie, kase])
    })
  })

  return {
    dir,
    emptySheet,
    emptyWorkbook,
    headerOnly,
    mergedHeaders,
    millionRows,
    hugeCell,
    wrongTypes,
    nikAsNumber,
    nikAsNumberCsv,
    bomSemicolonCsv,
    duplicateRows,
    zipBomb,
    truncated,
    passwordProtected,
    legacyXls,
    notAWorkbook,
    kycPaths,
    images,
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: npx tsx scripts/make-bad-inputs.ts <dir> [--no-huge]')
    process.exit(2)
  }
  const started = Date.now()
  const made = await makeBadInputs(path.resolve(dir), { huge: !process.argv.includes('--no-huge') })
  console.log(`bad-input corpus written to ${made.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
