/**
 * The shipped examples/ (issue 7): the README's main command reads them on a fresh clone, so every
 * file must be there, small, readable by rekap's own importers, and its photos licensed and real.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { autoMap, guessKind } from '../../src-main/core/kinds/registry'
import { JOB_KINDS } from '../../src-main/contract/job-kinds'
import { openTable, resolveImageRef, type ImportedRow, type TableReader } from '../../src-main/core/importers'
import { checkHospitalCode, checkNpsn, checkRegencyCode } from '../../src-main/core/kinds/row-checks'
import {
  EXAMPLES_DIR,
  HOSPITAL_CODE_MALFORMED,
  HOSPITAL_CODES_UNKNOWN,
  KYC_HEADER_ROW,
  KYC_HEADERS,
  KYC_ROWS,
  KYC_SHEET,
  KYC_WORKBOOK,
  NPSN_MALFORMED,
  NPSN_UNKNOWN,
  PHOTO_SOURCE,
  REGENCIES,
} from '../../scripts/make-examples'

const at = (...p: string[]) => path.join(EXAMPLES_DIR, ...p)
const KYC_DIR = at('kyc')
const PHOTOS_DIR = at('kyc', 'photos')

async function readAll(file: string): Promise<{ table: TableReader; rows: ImportedRow[] }> {
  const table = await openTable(file)
  const rows: ImportedRow[] = []
  try {
    for await (const row of table.rows()) rows.push(row)
  } finally {
    await table.close()
  }
  return { table, rows }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b)
const JPEG = [0xff, 0xd8, 0xff]
const GIF = [...Buffer.from('GIF8')]

describe('examples/ files', () => {
  it('has every file the README names', () => {
    const expected = [
      'README.md',
      KYC_WORKBOOK,
      'kyc/photos/LICENSE.md',
      'hospitals/hospital-codes.xlsx',
      'schools/regencies.csv',
      'schools/npsn.csv',
      ...JOB_KINDS.map((k) => `templates/${k}.xlsx`),
    ]
    const missing = expected.filter((f) => !existsSync(at(f)))
    expect(missing).toEqual([])
  })

  it('stays under 1 MB in total, each photo under 60 KB', async () => {
    const files = await filesUnder(EXAMPLES_DIR)
    const sizes = await Promise.all(files.map(async (f) => ({ f, size: (await stat(f)).size })))
    const total = sizes.reduce((sum, s) => sum + s.size, 0)
    expect(total).toBeLessThan(1024 * 1024)
    const bigPhotos = sizes.filter((s) => s.f.startsWith(PHOTOS_DIR) && s.size > 60 * 1024).map((s) => path.basename(s.f))
    expect(bigPhotos).toEqual([])
  })

  it('copies none of the test-only photos of ../shared/fixtures/faces', async () => {
    const sharedFaces = path.resolve(EXAMPLES_DIR, '../../shared/fixtures/faces')
    if (!existsSync(sharedFaces)) return // a fresh clone without shared/ cannot contain a copy either
    const hash = async (f: string) => createHash('sha256').update(await readFile(f)).digest('hex')
    const shared = new Set(await Promise.all((await filesUnder(sharedFaces)).map(hash)))
    const ours = await Promise.all((await filesUnder(EXAMPLES_DIR)).map(async (f) => ({ f, h: await hash(f) })))
    expect(ours.filter((o) => shared.has(o.h)).map((o) => o.f)).toEqual([])
  })
})

describe('photo licence note', () => {
  it('names the source package, version, files and carries the MIT text', async () => {
    const note = await readFile(at('kyc', 'photos', 'LICENSE.md'), 'utf8')
    expect(note).toContain(`${PHOTO_SOURCE.package}** version **${PHOTO_SOURCE.version}`)
    expect(note).toContain('MIT License')
    expect(note).toContain('Permission is hereby granted, free of charge')
    for (const [file, sha] of Object.entries(PHOTO_SOURCE.files)) expect(note).toContain(`\`demo/${file}\` | \`${sha}\``)
  })

  it('accounts for every picture in the photos folder', async () => {
    const note = await readFile(at('kyc', 'photos', 'LICENSE.md'), 'utf8')
    const pictures = (await readdir(PHOTOS_DIR)).filter((f) => f !== 'LICENSE.md')
    expect(pictures.length).toBeGreaterThan(10)
    expect(pictures.filter((f) => !note.includes(`\`${f}\``))).toEqual([])
  })
})

describe('KYC sample workbook', () => {
  it('has a title above the Indonesian header row, which rekap detects and maps', async () => {
    const { table } = await readAll(at(KYC_WORKBOOK))
    expect(table.sheet).toBe(KYC_SHEET)
    expect(table.headerRow).toBe(KYC_HEADER_ROW)
    expect(table.headers).toEqual([...KYC_HEADERS])
    const { mapping, missing } = autoMap('face-match', table.headers)
    expect(missing).toEqual([])
    expect(mapping).toMatchObject({ image1: 'Foto KTP', image2: 'Foto Selfie', nik: 'NIK', name: 'Nama' })
  })

  it('keeps every NIK as 16-digit text, with no import problem', async () => {
    const { rows } = await readAll(at(KYC_WORKBOOK))
    expect(rows.map((r) => r.values.NIK)).toEqual(KYC_ROWS.map((r) => r.nik))
    for (const r of rows) expect(r.values.NIK).toMatch(/^\d{16}$/)
    expect(rows.flatMap((r) => r.problems)).toEqual([])
  })

  it('points at photos that exist, except the row meant to miss its file', async () => {
    const { rows } = await readAll(at(KYC_WORKBOOK))
    expect(rows).toHaveLength(KYC_ROWS.length)
    for (const [i, spec] of KYC_ROWS.entries()) {
      const row = rows[i]
      const selfie = await resolveImageRef(row.values['Foto Selfie'], KYC_DIR)
      expect(selfie.ok, `row ${spec.no} selfie`).toBe(true)
      if ('embedded' in spec.ktp) continue
      const ktp = await resolveImageRef(row.values['Foto KTP'], KYC_DIR)
      if (spec.expect === 'file-missing') {
        expect(ktp).toMatchObject({ ok: false, code: 'image-ref-not-found' })
      } else {
        expect(ktp.ok, `row ${spec.no} KTP`).toBe(true)
      }
    }
  })

  it('has one row whose KTP photo is a JPEG picture in the cell, the cell text empty', async () => {
    const { rows } = await readAll(at(KYC_WORKBOOK))
    const withPicture = rows.filter((r) => Object.keys(r.pictures).length > 0)
    expect(withPicture).toHaveLength(1)
    const [row] = withPicture
    const spec = KYC_ROWS.find((r) => 'embedded' in r.ktp)!
    expect(row.values.No).toBe(spec.no)
    expect(row.values['Foto KTP'] ?? null).toBeNull()
    expect(Object.keys(row.pictures)).toEqual(['Foto KTP'])
    expect(startsWith(row.pictures['Foto KTP'].data, JPEG)).toBe(true)
  })

  it('has a duplicate row that repeats an earlier pair exactly', async () => {
    const { rows } = await readAll(at(KYC_WORKBOOK))
    const dup = KYC_ROWS.find((r) => r.expect === 'duplicate')!
    const original = rows.find((r) => r.values.No === dup.duplicateOf)!
    const copy = rows.find((r) => r.values.No === dup.no)!
    for (const h of ['NIK', 'Nama', 'Foto KTP', 'Foto Selfie']) expect(copy.values[h]).toBe(original.values[h])
  })

  it('has bad files that really are what a KYC desk meets: a GIF and a text file named .jpg', async () => {
    const kinds = new Map<string, string>()
    for (const f of (await readdir(PHOTOS_DIR)).filter((n) => n.endsWith('.jpg'))) {
      const bytes = await readFile(path.join(PHOTOS_DIR, f))
      kinds.set(f, startsWith(bytes, JPEG) ? 'jpeg' : startsWith(bytes, GIF) ? 'gif' : /^[\x20-\x7e\s]+$/.test(bytes.toString('latin1')) ? 'text' : 'other')
    }
    const notJpeg = [...kinds].filter(([, k]) => k !== 'jpeg')
    expect(notJpeg.sort()).toEqual([
      ['ktp-07.jpg', 'gif'],
      ['selfie-08.jpg', 'text'],
    ])
  })
})

describe('directory examples', () => {
  it('hospital codes: text codes under "Kode RS", only the malformed one refused locally', async () => {
    const { table, rows } = await readAll(at('hospitals', 'hospital-codes.xlsx'))
    expect(autoMap('hospital-lookup', table.headers).mapping.code).toBe('Kode RS')
    const codes = rows.map((r) => r.values['Kode RS'])
    expect(codes.length).toBeGreaterThanOrEqual(25)
    for (const c of codes) expect(typeof c).toBe('string')
    expect(codes).toEqual(expect.arrayContaining([...HOSPITAL_CODES_UNKNOWN, HOSPITAL_CODE_MALFORMED]))
    expect(codes.filter((c) => !checkHospitalCode(c).ok)).toEqual([HOSPITAL_CODE_MALFORMED])
  })

  it('regencies.csv: well-formed "Kode Kabupaten" codes, Kota Bandung among them', async () => {
    const { table, rows } = await readAll(at('schools', 'regencies.csv'))
    expect(autoMap('school-directory', table.headers).mapping.regency_code).toBe('Kode Kabupaten')
    const codes = rows.map((r) => String(r.values['Kode Kabupaten']))
    expect(codes).toEqual(REGENCIES.map((r) => r.code))
    expect(codes).toContain('3273')
    for (const c of codes) expect(checkRegencyCode(c).ok).toBe(true)
  })

  it('npsn.csv: 8-digit NPSNs, only the malformed one refused locally', async () => {
    const { table, rows } = await readAll(at('schools', 'npsn.csv'))
    expect(autoMap('school-lookup', table.headers).mapping.npsn).toBe('NPSN')
    const npsn = rows.map((r) => String(r.values.NPSN))
    expect(npsn).toContain(NPSN_UNKNOWN)
    expect(npsn.filter((n) => !checkNpsn(n).ok)).toEqual([NPSN_MALFORMED])
  })

  // Every kind the app offers has a template, and rekap takes the template for its own kind (the
  // app's "download template" and `rekap run` on a filled-in template need no --kind).
  it.each(JOB_KINDS)('template %s: guessed as its kind, headers mapped without help, one example row', async (kind) => {
    const { table, rows } = await readAll(at('templates', `${kind}.xlsx`))
    expect(table.headerRow).toBe(1)
    expect(guessKind(table.headers)).toBe(kind)
    expect(autoMap(kind, table.headers).missing).toEqual([])
    expect(rows).toHaveLength(1)
    expect(rows[0].problems).toEqual([])
  })
})
