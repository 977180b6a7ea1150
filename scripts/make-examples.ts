/**
 * Builds the committed example inputs in examples/ (issue 7): `npx tsx scripts/make-examples.ts [--source-dir DIR]`.
 *
 * The KYC photos are face crops of the MIT-licensed demo photos that the npm package
 * @vladmandic/face-api 1.7.15 ships in `demo/sample1.jpg` … `demo/sample6.jpg` (group photos, several
 * people each). By default they are read from node_modules (the package is already a dependency);
 * `--source-dir` points at another copy, e.g. the `package/demo` folder of
 * `npm pack @vladmandic/face-api@1.7.15`. The sources' SHA-256 are pinned below, so a crop can always
 * be traced back to the exact file it came from.
 *
 * The real face engine finds the face boxes and checks every pair: the script refuses to write a
 * "same person" pair that does not match (distance < 0.6) or a "different people" pair that does,
 * so the sample's promises hold for the engine the embedded sandbox uses. Hospital codes and NPSNs
 * come from the embedded sandbox's generated data (seed 1, the default of `rekap run`).
 *
 * Tests import the row tables below to know what each example row is meant to show.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import ExcelJS from 'exceljs'
import sharp from 'sharp'

import { createFaceEngine, type FaceEngine, type FoundFace } from '../src-main/sandbox/face'
import { euclideanDistance, pickPrimaryFace } from '../src-main/sandbox/face/face-selection'
import { createServiceClient, type ServiceClient } from '../src-main/core/provider'
import { startSandbox } from '../src-main/sandbox'
import { JOB_KINDS, type JobKind } from '../src-main/contract/job-kinds'
import { kindModule } from '../src-main/core/kinds/registry'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const EXAMPLES_DIR = path.join(REPO, 'examples')

// ---------------------------------------------------------------------------------------------
// Where the photos come from
// ---------------------------------------------------------------------------------------------

export const PHOTO_SOURCE = {
  package: '@vladmandic/face-api',
  version: '1.7.15',
  folder: 'demo',
  licence: 'MIT',
  /** SHA-256 of each source file as shipped in the package tarball */
  files: {
    'sample1.jpg': '8ecae4b267b2d3169e06e00c7dee97097aa2a94635d45216f7732a5f4943cb51',
    'sample2.jpg': '7d2b60ae6f13bf30f422e04df87451081a02c83de469056f25afb44b7000c691',
    'sample3.jpg': '8eb081c9efb14370fa94d9feab9e5fbeafd19a627491853a80c2bf67f7ffa936',
    'sample4.jpg': '729efa5923061d40eb4ed5f267a18cc7b8ba6f852bb2757b16d8b7e4937476fc',
    'sample5.jpg': '6d45095ebb182d8f975c0790e0e4eefd86fbb40609cf4b271776d92e12662938',
    'sample6.jpg': '9baad80f9d5e306fb9b8c0913d44445f1e95848df317530efb03d0934c57ba87',
  },
} as const

type SampleFile = keyof typeof PHOTO_SOURCE.files

/** One person in a source photo: the detected face whose box contains `near` (source pixels). */
interface Person {
  sample: SampleFile
  near: [number, number]
}

const PEOPLE = {
  A: { sample: 'sample6.jpg', near: [354, 613] },
  B: { sample: 'sample5.jpg', near: [864, 215] },
  C: { sample: 'sample5.jpg', near: [463, 1010] },
  D: { sample: 'sample3.jpg', near: [685, 463] },
  E: { sample: 'sample1.jpg', near: [1577, 319] },
  F: { sample: 'sample6.jpg', near: [759, 474] },
  H: { sample: 'sample3.jpg', near: [1599, 431] },
  K: { sample: 'sample6.jpg', near: [1273, 445] },
  L: { sample: 'sample6.jpg', near: [1592, 410] },
  M: { sample: 'sample1.jpg', near: [502, 473] },
  N: { sample: 'sample4.jpg', near: [1073, 291] },
  O: { sample: 'sample4.jpg', near: [338, 306] },
  Q: { sample: 'sample1.jpg', near: [930, 533] },
  R: { sample: 'sample5.jpg', near: [680, 540] },
} satisfies Record<string, Person>

type PersonId = keyof typeof PEOPLE

/** A region of a source photo without any face (window blinds of sample6), for the "no face" row. */
const NO_FACE_REGION = { sample: 'sample6.jpg' as SampleFile, left: 0, top: 0, width: 420, height: 300 }

/**
 * How a photo file is made: an ID-card style head crop ('ktp'), a wider, mirrored, brighter
 * phone-selfie style crop ('selfie'), the ktp crop saved as GIF under a .jpg name, a text file
 * under a .jpg name, or the no-face region.
 */
type PhotoRecipe =
  | { kind: 'ktp' | 'selfie' | 'gif-named-jpg'; person: PersonId }
  | { kind: 'text-named-jpg' }
  | { kind: 'no-face' }

// ---------------------------------------------------------------------------------------------
// What the KYC sample contains
// ---------------------------------------------------------------------------------------------

/** What a row is meant to show when run through the real face engine. */
export type KycExpectation =
  | 'match'
  | 'no-match'
  | 'file-missing'
  | 'not-a-picture'
  | 'no-face'
  | 'duplicate'

export interface KycRow {
  no: number
  nik: string
  nama: string
  /** relative path written in the cell, or `embedded` (picture anchored in the cell, text empty) */
  ktp: { path: string; recipe: PhotoRecipe | 'absent' } | { embedded: PersonId }
  selfie: { path: string; recipe: PhotoRecipe }
  cabang: string
  expect: KycExpectation
  /** for `duplicate`: the `no` of the row it repeats */
  duplicateOf?: number
}

const ktp = (n: string, person: PersonId) => ({ path: `photos/ktp-${n}.jpg`, recipe: { kind: 'ktp', person } as PhotoRecipe })
const selfie = (n: string, person: PersonId) => ({ path: `photos/selfie-${n}.jpg`, recipe: { kind: 'selfie', person } as PhotoRecipe })

/** NIKs are fictitious but well formed: district code, birth date (+40 on the day for women), serial. */
export const KYC_ROWS: KycRow[] = [
  { no: 1, nik: '3273015708920003', nama: 'Ayu Lestari', ktp: ktp('01', 'A'), selfie: selfie('01', 'A'), cabang: 'Bandung', expect: 'match' },
  { no: 2, nik: '3171024112950001', nama: 'Siti Rahmawati', ktp: ktp('02', 'B'), selfie: selfie('02', 'B'), cabang: 'Jakarta Pusat', expect: 'match' },
  { no: 3, nik: '5171036503880002', nama: 'Ni Made Sari', ktp: ktp('03', 'C'), selfie: selfie('03', 'M'), cabang: 'Denpasar', expect: 'no-match' },
  { no: 4, nik: '3273054409970004', nama: 'Rina Kusumawati', ktp: ktp('04', 'D'), selfie: selfie('04', 'D'), cabang: 'Bandung', expect: 'match' },
  { no: 5, nik: '3578016207910005', nama: 'Nurul Hidayah', ktp: ktp('05', 'H'), selfie: selfie('05', 'K'), cabang: 'Surabaya', expect: 'no-match' },
  { no: 6, nik: '3171035210930006', nama: 'Putri Anggraini', ktp: { path: 'photos/ktp-06.jpg', recipe: 'absent' }, selfie: selfie('06', 'R'), cabang: 'Jakarta Pusat', expect: 'file-missing' },
  { no: 7, nik: '3273024801960007', nama: 'Maya Puspita', ktp: { path: 'photos/ktp-07.jpg', recipe: { kind: 'gif-named-jpg', person: 'L' } }, selfie: selfie('07', 'L'), cabang: 'Bandung', expect: 'not-a-picture' },
  { no: 8, nik: '3578045506900008', nama: 'Dian Permatasari', ktp: ktp('08', 'O'), selfie: { path: 'photos/selfie-08.jpg', recipe: { kind: 'text-named-jpg' } }, cabang: 'Surabaya', expect: 'not-a-picture' },
  { no: 9, nik: '5171016009940009', nama: 'Kadek Wulandari', ktp: { path: 'photos/ktp-09.jpg', recipe: { kind: 'no-face' } }, selfie: selfie('09', 'Q'), cabang: 'Denpasar', expect: 'no-face' },
  { no: 10, nik: '3273015708920003', nama: 'Ayu Lestari', ktp: ktp('01', 'A'), selfie: selfie('01', 'A'), cabang: 'Bandung', expect: 'duplicate', duplicateOf: 1 },
  { no: 11, nik: '3171026104980011', nama: 'Indah Permata', ktp: { embedded: 'F' }, selfie: selfie('11', 'F'), cabang: 'Jakarta Pusat', expect: 'match' },
  { no: 12, nik: '3578036711890012', nama: 'Fitri Handayani', ktp: ktp('12', 'E'), selfie: selfie('12', 'N'), cabang: 'Surabaya', expect: 'no-match' },
]

export const KYC_WORKBOOK = 'kyc/kyc-sample.xlsx'
export const KYC_SHEET = 'Data KYC'
/** the face-match kind's template headers (core/kinds/face-match) */
export const KYC_HEADERS = kindModule('face-match').example.headers
export const KYC_TITLE = 'Daftar verifikasi wajah nasabah (contoh rekap)'
/** 1-based sheet row of the header: a title, a note, an empty row, then the header */
export const KYC_HEADER_ROW = 4

// ---------------------------------------------------------------------------------------------
// Directory examples
// ---------------------------------------------------------------------------------------------

/** provinces whose first hospitals (sandbox data, seed 1) make up the lookup example */
const HOSPITAL_PROVINCES = ['31', '32', '33', '35', '51']
const HOSPITALS_PER_PROVINCE = 5
/** well-formed codes the sandbox does not know: the lookup answers 404 (free) */
export const HOSPITAL_CODES_UNKNOWN = ['3299999', '9100999']
/** rekap refuses this one locally (not letters and digits), before any request */
export const HOSPITAL_CODE_MALFORMED = 'RS 32/01'

export const REGENCIES = [
  { code: '3273', name: 'Kota Bandung' },
  { code: '3171', name: 'Kota Administrasi Jakarta Pusat' },
  { code: '5171', name: 'Kota Denpasar' },
]
/** an 8-digit NPSN the sandbox does not know, and one that is not 8 digits */
export const NPSN_UNKNOWN = '99999999'
export const NPSN_MALFORMED = '1360001'

/** every job kind has a template in examples/templates */
export const TEMPLATE_KINDS: readonly JobKind[] = JOB_KINDS

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

interface Rect {
  left: number
  top: number
  width: number
  height: number
}

interface SourcePhoto {
  bytes: Buffer
  width: number
  height: number
  faces: FoundFace[]
  /** source pixels per pixel of the engine's (shrunk) image */
  scale: number
}

async function loadSources(sourceDir: string, engine: FaceEngine): Promise<Map<SampleFile, SourcePhoto>> {
  const sources = new Map<SampleFile, SourcePhoto>()
  for (const [file, sha] of Object.entries(PHOTO_SOURCE.files) as Array<[SampleFile, string]>) {
    const full = path.join(sourceDir, file)
    let bytes: Buffer
    try {
      bytes = await readFile(full)
    } catch {
      throw new Error(
        `${full} not found. Install the project's dependencies, or run \`npm pack ${PHOTO_SOURCE.package}@${PHOTO_SOURCE.version}\` ` +
          'in a temporary folder, extract it and pass --source-dir <that folder>/package/demo',
      )
    }
    const actual = createHash('sha256').update(bytes).digest('hex')
    if (actual !== sha) {
      throw new Error(`${full} is not the file shipped in ${PHOTO_SOURCE.package}@${PHOTO_SOURCE.version} (SHA-256 ${actual}, expected ${sha})`)
    }
    const described = await engine.describe(bytes)
    if (!described.ok) throw new Error(`${full}: ${described.message}`)
    const meta = await sharp(bytes).metadata()
    sources.set(file, { bytes, width: meta.width!, height: meta.height!, faces: described.faces, scale: meta.width! / described.width })
  }
  return sources
}

function faceBoxOf(person: PersonId, sources: Map<SampleFile, SourcePhoto>): Rect {
  const { sample, near } = PEOPLE[person]
  const src = sources.get(sample)!
  const boxes = src.faces.map((f) => ({
    left: f.box.x * src.scale,
    top: f.box.y * src.scale,
    width: f.box.width * src.scale,
    height: f.box.height * src.scale,
  }))
  const hit = boxes.find((b) => near[0] >= b.left && near[0] <= b.left + b.width && near[1] >= b.top && near[1] <= b.top + b.height)
  if (!hit) throw new Error(`person ${person}: no detected face in ${sample} contains (${near.join(', ')})`)
  return hit
}

/** A portrait rectangle of `heightFactor` face heights around the face, shifted to stay inside the photo. */
function portraitAround(face: Rect, heightFactor: number, src: SourcePhoto): Rect {
  const height = Math.min(src.height, Math.round(face.height * heightFactor))
  const width = Math.min(src.width, Math.round(height * 0.75))
  const cx = face.left + face.width / 2
  const cy = face.top + face.height * 0.55
  const left = Math.max(0, Math.min(src.width - width, Math.round(cx - width / 2)))
  const top = Math.max(0, Math.min(src.height - height, Math.round(cy - height / 2)))
  return { left, top, width, height }
}

interface MadePhoto {
  bytes: Buffer
  /** how it was made, for the licence note */
  provenance: string
}

async function makePhoto(recipe: PhotoRecipe, sources: Map<SampleFile, SourcePhoto>): Promise<MadePhoto> {
  if (recipe.kind === 'text-named-jpg') {
    return {
      bytes: Buffer.from('Foto selfie belum diterima dari nasabah. Mohon unggah ulang.\n', 'utf8'),
      provenance: 'a plain text file saved with a .jpg name (not a picture)',
    }
  }
  if (recipe.kind === 'no-face') {
    const r = NO_FACE_REGION
    const bytes = await sharp(sources.get(r.sample)!.bytes).extract(r).resize(300).jpeg({ quality: 80 }).toBuffer()
    return { bytes, provenance: `${r.sample}, region ${rectText(r)} (window blinds, no face), resized to 300 px wide` }
  }
  const src = sources.get(PEOPLE[recipe.person].sample)!
  const face = faceBoxOf(recipe.person, sources)
  if (recipe.kind === 'selfie') {
    const rect = portraitAround(face, 2.8, src)
    const bytes = await sharp(src.bytes)
      .extract(rect)
      .resize(420, 560, { fit: 'cover' })
      .flop()
      .modulate({ brightness: 1.12, saturation: 1.05 })
      .jpeg({ quality: 78 })
      .toBuffer()
    return { bytes, provenance: `${PEOPLE[recipe.person].sample}, region ${rectText(rect)}, resized to 420x560, mirrored, brightness +12%` }
  }
  const rect = portraitAround(face, 2.1, src)
  const pipeline = sharp(src.bytes).extract(rect).resize(300, 400, { fit: 'cover' }).modulate({ saturation: 0.85 }).sharpen()
  if (recipe.kind === 'gif-named-jpg') {
    // fewer colours keep the GIF as small as the JPEGs; its point is the wrong format, not the picture
    const bytes = await pipeline.gif({ colours: 48, effort: 10 }).toBuffer()
    return { bytes, provenance: `${PEOPLE[recipe.person].sample}, region ${rectText(rect)}, resized to 300x400, saved as GIF under a .jpg name` }
  }
  const bytes = await pipeline.jpeg({ quality: 82 }).toBuffer()
  return { bytes, provenance: `${PEOPLE[recipe.person].sample}, region ${rectText(rect)}, resized to 300x400, saturation -15%, sharpened` }
}

const rectText = (r: Rect) => `left ${r.left}, top ${r.top}, ${r.width}x${r.height} px`

// ---------------------------------------------------------------------------------------------
// Checking the pairs with the real engine
// ---------------------------------------------------------------------------------------------

export interface PairCheck {
  no: number
  expect: KycExpectation
  faces: [number, number]
  distance: number | null
}

async function checkPair(row: KycRow, ktpBytes: Buffer, selfieBytes: Buffer, engine: FaceEngine): Promise<PairCheck> {
  const [a, b] = await Promise.all([engine.describe(ktpBytes), engine.describe(selfieBytes)])
  if (!a.ok || !b.ok) throw new Error(`row ${row.no}: a photo could not be decoded`)
  const fa = pickPrimaryFace(a.faces)
  const fb = pickPrimaryFace(b.faces)
  const distance = fa && fb ? euclideanDistance(fa.descriptor, fb.descriptor) : null
  const check: PairCheck = { no: row.no, expect: row.expect, faces: [a.faces.length, b.faces.length], distance }
  const wantMatch = row.expect === 'match'
  if (row.expect === 'no-face') {
    if (a.faces.length !== 0) throw new Error(`row ${row.no}: the no-face picture has ${a.faces.length} face(s)`)
  } else if (distance === null) {
    throw new Error(`row ${row.no}: no face found (${check.faces.join(' / ')})`)
  } else if (wantMatch !== distance < 0.6) {
    throw new Error(`row ${row.no}: expected ${row.expect}, distance ${distance.toFixed(3)}`)
  }
  return check
}

/** A photo beside a broken one must itself be fine, so its row fails for the intended reason only. */
async function requireFace(file: string, bytes: Buffer, engine: FaceEngine): Promise<void> {
  const described = await engine.describe(bytes)
  if (!described.ok || described.faces.length === 0) throw new Error(`${file}: the engine finds no face in it`)
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** Fixed workbook dates, so a re-run only changes a file when its content changes. */
const WORKBOOK_DATE = new Date('2025-01-01T00:00:00Z')

function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'rekap examples'
  wb.created = WORKBOOK_DATE
  wb.modified = WORKBOOK_DATE
  return wb
}

function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true }
  row.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2EFDA' } }
    c.border = { bottom: { style: 'thin' } }
  })
}

async function writeKycWorkbook(file: string, embedded: Map<number, Buffer>): Promise<void> {
  const wb = newWorkbook()
  const ws = wb.addWorksheet(KYC_SHEET)
  ws.columns = [
    { key: 'no', width: 5 },
    { key: 'nik', width: 20, style: { numFmt: '@' } },
    { key: 'nama', width: 22 },
    { key: 'ktp', width: 22 },
    { key: 'selfie', width: 24 },
    { key: 'cabang', width: 16 },
  ]
  ws.getCell('A1').value = KYC_TITLE
  ws.getCell('A1').font = { bold: true, size: 14 }
  ws.getCell('A2').value = 'Data fiktif. Foto: potongan wajah dari foto demo @vladmandic/face-api 1.7.15 (MIT), lihat photos/LICENSE.md'
  ws.getCell('A2').font = { italic: true, size: 9 }
  const header = ws.getRow(KYC_HEADER_ROW)
  header.values = [...KYC_HEADERS]
  styleHeader(header)
  for (const [i, row] of KYC_ROWS.entries()) {
    const r = KYC_HEADER_ROW + 1 + i
    const ktpText = 'embedded' in row.ktp ? null : row.ktp.path
    ws.getRow(r).values = [row.no, row.nik, row.nama, ktpText, row.selfie.path, row.cabang]
    ws.getCell(r, 2).numFmt = '@'
    const picture = embedded.get(row.no)
    if (picture) {
      const id = wb.addImage({ buffer: picture as unknown as ExcelJS.Buffer, extension: 'jpeg' })
      // anchored from this row's KTP cell to the next cell corner: the importer reads the `from` anchor
      ws.addImage(id, { tl: { col: 3, row: r - 1 }, br: { col: 4, row: r } } as unknown as ExcelJS.ImageRange)
      ws.getRow(r).height = 80
    }
  }
  await wb.xlsx.writeFile(file)
}

export async function writeSimpleWorkbook(file: string, sheet: string, headers: string[], rows: Array<Array<string | number>>, textColumns: number[]): Promise<void> {
  const wb = newWorkbook()
  const ws = wb.addWorksheet(sheet)
  ws.columns = headers.map((h) => ({ width: Math.max(12, h.length + 4) }))
  ws.getRow(1).values = headers
  styleHeader(ws.getRow(1))
  for (const [i, values] of rows.entries()) ws.getRow(i + 2).values = values
  for (const col of textColumns) {
    for (let r = 2; r <= rows.length + 1; r++) ws.getCell(r, col).numFmt = '@'
  }
  await wb.xlsx.writeFile(file)
}

const csvLine = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')

async function sandboxSamples(client: ServiceClient): Promise<{ hospitalCodes: string[]; npsn: Array<{ npsn: string; name: string }> }> {
  const hospitalCodes: string[] = []
  for (const province_code of HOSPITAL_PROVINCES) {
    const page = await client.hospitals({ province_code, size: HOSPITALS_PER_PROVINCE })
    hospitalCodes.push(...page.items.map((h) => h.code))
  }
  const npsn: Array<{ npsn: string; name: string }> = []
  for (const { code } of REGENCIES) {
    const page = await client.schools({ regency_code: code })
    // first and last school of the first page: different grades, not just two primary schools
    const picked = [page.items[0], page.items[page.items.length - 1]]
    npsn.push(...picked.map((s) => ({ npsn: s.npsn, name: s.name })))
  }
  return { hospitalCodes, npsn }
}

async function licenceNote(sourceDir: string, made: Array<{ file: string; provenance: string }>): Promise<string> {
  const licenceText = (await readFile(path.join(sourceDir, '..', 'LICENSE'), 'utf8')).trim()
  if (!licenceText.startsWith('MIT License')) throw new Error(`${sourceDir}/../LICENSE is not the MIT licence`)
  const sources = Object.entries(PHOTO_SOURCE.files).map(([f, sha]) => `| \`${PHOTO_SOURCE.folder}/${f}\` | \`${sha}\` |`)
  return [
    '# Licence of the example photos',
    '',
    `Every picture in this folder (and the one embedded in \`../kyc-sample.xlsx\`) is a crop of a demo photo shipped in`,
    `the npm package **${PHOTO_SOURCE.package}** version **${PHOTO_SOURCE.version}**, which is distributed under the`,
    `**${PHOTO_SOURCE.licence} licence** (licence text below, copied from the package's \`LICENSE\` file).`,
    'They were made by `scripts/make-examples.ts`; re-running it reproduces them from the same source files.',
    '',
    '| source file in the package | SHA-256 |',
    '| --- | --- |',
    ...sources,
    '',
    'The people in the photos have nothing to do with the names and NIKs in the workbook, which are fictitious.',
    '',
    '## How each file was made',
    '',
    '| file | made from |',
    '| --- | --- |',
    ...[...made].sort((x, y) => x.file.localeCompare(y.file)).map((m) => `| \`${m.file}\` | ${m.provenance} |`),
    '',
    `## ${PHOTO_SOURCE.package} licence`,
    '',
    '```',
    licenceText,
    '```',
    '',
  ].join('\n')
}

export async function makeExamples(opts: { sourceDir: string; outDir?: string; log?: (line: string) => void }): Promise<PairCheck[]> {
  const out = opts.outDir ?? EXAMPLES_DIR
  const log = opts.log ?? (() => undefined)
  const engine = await createFaceEngine({ workers: 0 })
  try {
    const sources = await loadSources(opts.sourceDir, engine)
    const photosDir = path.join(out, 'kyc', 'photos')
    await rm(photosDir, { recursive: true, force: true })
    await mkdir(photosDir, { recursive: true })

    const written = new Map<string, Buffer>()
    const made: Array<{ file: string; provenance: string }> = []
    const photo = async (p: { path: string; recipe: PhotoRecipe }): Promise<Buffer> => {
      const existing = written.get(p.path)
      if (existing) return existing
      const m = await makePhoto(p.recipe, sources)
      if (p.recipe.kind === 'ktp' || p.recipe.kind === 'selfie') await requireFace(p.path, m.bytes, engine)
      await writeFile(path.join(out, 'kyc', p.path), m.bytes)
      written.set(p.path, m.bytes)
      made.push({ file: path.basename(p.path), provenance: m.provenance })
      return m.bytes
    }

    const embedded = new Map<number, Buffer>()
    const checks: PairCheck[] = []
    for (const row of KYC_ROWS) {
      const selfieBytes = await photo(row.selfie)
      let ktpBytes: Buffer | null
      if ('embedded' in row.ktp) {
        const m = await makePhoto({ kind: 'ktp', person: row.ktp.embedded }, sources)
        embedded.set(row.no, m.bytes)
        made.push({ file: `(embedded in kyc-sample.xlsx, row ${row.no})`, provenance: m.provenance })
        ktpBytes = m.bytes
      } else if (row.ktp.recipe === 'absent') {
        ktpBytes = null
      } else {
        ktpBytes = await photo({ path: row.ktp.path, recipe: row.ktp.recipe })
      }
      const comparable = ktpBytes && ['match', 'no-match', 'no-face'].includes(row.expect)
      if (comparable) {
        const check = await checkPair(row, ktpBytes!, selfieBytes, engine)
        checks.push(check)
        log(`row ${row.no} ${row.expect}: faces ${check.faces.join('/')}, distance ${check.distance?.toFixed(3) ?? '-'}`)
      }
    }
    await writeKycWorkbook(path.join(out, KYC_WORKBOOK), embedded)
    await writeFile(path.join(photosDir, 'LICENSE.md'), await licenceNote(opts.sourceDir, made))

    const sandbox = await startSandbox({ port: 0 })
    let samples
    try {
      samples = await sandboxSamples(createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys[0] }))
    } finally {
      await sandbox.close()
    }
    await writeDirectoryExamples(out, samples)
    return checks
  } finally {
    await engine.close()
  }
}

async function writeDirectoryExamples(out: string, samples: { hospitalCodes: string[]; npsn: Array<{ npsn: string; name: string }> }): Promise<void> {
  for (const dir of ['hospitals', 'schools', 'templates']) await mkdir(path.join(out, dir), { recursive: true })
  const codes = [...samples.hospitalCodes]
  // unknown and malformed codes sit among the good ones, as they would in a real list
  codes.splice(7, 0, HOSPITAL_CODES_UNKNOWN[0])
  codes.splice(15, 0, HOSPITAL_CODE_MALFORMED)
  codes.splice(22, 0, HOSPITAL_CODES_UNKNOWN[1])
  await writeSimpleWorkbook(
    path.join(out, 'hospitals', 'hospital-codes.xlsx'),
    'Daftar RS',
    ['No', 'Kode RS'],
    codes.map((c, i) => [i + 1, c]),
    [2],
  )

  const regencies = ['Kode Kabupaten,Nama Kabupaten', ...REGENCIES.map((r) => csvLine([r.code, r.name]))]
  await writeFile(path.join(out, 'schools', 'regencies.csv'), regencies.join('\n') + '\n')
  const npsnRows = [
    ...samples.npsn.map((s) => [s.npsn, s.name]),
    [NPSN_UNKNOWN, '(tidak terdaftar)'],
    [NPSN_MALFORMED, '(NPSN kurang satu digit)'],
  ]
  await writeFile(path.join(out, 'schools', 'npsn.csv'), ['NPSN,Nama Sekolah', ...npsnRows.map(csvLine)].join('\n') + '\n')

  // One template per job kind, from its folder (core/kinds/<kind>/index.ts `example`; a kind without
  // one does not compile): its header row as rekap guesses and maps it, and one example row.
  const known = { hospitalCode: samples.hospitalCodes[0], npsn: samples.npsn[0].npsn, schoolName: samples.npsn[0].name }
  for (const kind of TEMPLATE_KINDS) {
    const t = kindModule(kind).example
    await writeSimpleWorkbook(path.join(out, 'templates', `${kind}.xlsx`), t.sheet, [...t.headers], [t.row(known)], [...t.textColumns])
  }
}

function parseArgs(argv: string[]): { sourceDir: string } {
  let sourceDir = path.join(REPO, 'node_modules', PHOTO_SOURCE.package, PHOTO_SOURCE.folder)
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--source-dir' && argv[i + 1]) sourceDir = path.resolve(argv[++i])
    else throw new Error(`unknown argument ${argv[i]}; usage: npx tsx scripts/make-examples.ts [--source-dir DIR]`)
  }
  return { sourceDir }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { sourceDir } = parseArgs(process.argv.slice(2))
  makeExamples({ sourceDir, log: (l) => console.log(l) }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exitCode = 1
  })
}
