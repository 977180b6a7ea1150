/**
 * A finished job of every report kind, seeded straight into a store (no service, no clock): the
 * same rows every time for the same size. Used by bench/report-kinds.ts (100,000 rows) and by
 * tests/integration/report-kinds-unchanged.test.ts (a few hundred rows, every cell compared with
 * the report the code before the shared report machinery wrote).
 *
 * Each job goes through the fates a report shows: found, not found, failed on the service, a
 * pre-flight failure, a duplicate, records taken from the cache, premium fields withheld.
 */
import type { Store } from '../src-main/core/store'
import type { JobKind } from '../src-main/contract/job-kinds'
import type { HospitalRecord, SchoolRecord } from '../src-main/core/provider/types'
import { HOSPITAL_CLASSES, HOSPITAL_TYPES, OWNERSHIPS } from '../src-main/core/provider/types'
import { defaultJobSettings } from '../src-main/core/model/job-settings'

export const SEED_T0 = Date.UTC(2026, 10, 23, 2, 0, 0)
export const SEED_BASE_URL = 'https://api.example.co.id'
/** the cache source of SEED_BASE_URL (serviceHost) */
export const SEED_SOURCE = 'api.example.co.id'

/** The report kinds issue 27 measures (regency autocomplete writes no report of its own kind). */
export const REPORT_KINDS = ['face-match', 'hospital-lookup', 'hospital-directory', 'school-lookup', 'school-directory', 'regions', 'school-search'] as const
/** Every kind with a report (the unchanged-report test covers them all). */
export const ALL_REPORT_KINDS = [...REPORT_KINDS, 'regency-autocomplete'] as const
export type ReportKind = (typeof ALL_REPORT_KINDS)[number] & JobKind

const PROVINCES = ['11', '31', '32', '33', '35', '51', '64', '73', '91']
const PROVINCE_NAMES = ['Aceh', 'DKI Jakarta', 'Jawa Barat', 'Jawa Tengah', 'Jawa Timur', 'Bali', 'Kalimantan Timur', 'Sulawesi Selatan', 'Papua']
const GRADES = ['SD', 'SMP', 'SMA', 'SMK', 'TK', 'PAUD', 'SLB', 'KB']

/** 9 provinces x 6 regencies x 5 districts, named, into the region cache. */
function seedRegions(store: Store): void {
  const entries: Array<{ code: string; level: 'province' | 'regency' | 'district'; parentCode: string | null; name: string }> = []
  PROVINCES.forEach((p, i) => {
    entries.push({ code: p, level: 'province', parentCode: null, name: PROVINCE_NAMES[i] })
    for (let r = 1; r <= 6; r++) {
      const rc = `${p}${String(r).padStart(2, '0')}`
      entries.push({ code: rc, level: 'regency', parentCode: p, name: r % 2 ? `Kabupaten ${PROVINCE_NAMES[i]} ${r}` : `Kota ${PROVINCE_NAMES[i]} ${r}` })
      for (let d = 1; d <= 5; d++) entries.push({ code: `${rc}${String(d).padStart(2, '0')}`, level: 'district', parentCode: rc, name: `Kecamatan ${rc}-${d}` })
    }
  })
  store.cache.putRegions(entries, SEED_SOURCE, SEED_T0)
}

export function seedHospital(i: number): HospitalRecord {
  const p = PROVINCES[i % PROVINCES.length]
  const regency = `${p}${String(1 + (i % 6)).padStart(2, '0')}`
  return {
    code: `${regency}${String(i).padStart(5, '0')}`,
    name: `RS Uji ${i}${i % 13 === 0 ? ' "Harapan" & <Kasih>' : ''}`,
    address: `Jl. Kesehatan No. ${i}, ${regency}`,
    phone: i % 11 === 0 ? null : `0${21 + (i % 70)}-${5550000 + i}`,
    type: HOSPITAL_TYPES[i % HOSPITAL_TYPES.length],
    class: HOSPITAL_CLASSES[i % HOSPITAL_CLASSES.length],
    blu_status: i % 3 ? 'BLUD' : 'Non BLUD',
    ownership: OWNERSHIPS[i % OWNERSHIPS.length],
    director: i % 17 === 0 ? '=cmd|calc' : `dr. Direktur ${i}, Sp.PD`,
    facilities: { land_area: i % 7 === 0 ? '-' : `${1000 + i} m2`, building_area: `${800 + (i % 500)}.5 m2`, total_beds: 50 + (i % 300) },
    beds: { class_i: i % 40, class_ii: i % 50, class_iii: i % 90, hcu: i % 6, perinatology: i % 8, icu_with_ventilator: i % 5 },
    services: { count: 3, list: ['IGD', 'Bedah', `Poli ${i % 9}`] },
    staff: { total: 100 + (i % 900), general_practitioner: 10 + (i % 25), basic_specialist: (i % 30) + 0.5, other_specialist: i % 12 },
    province_code: p,
    regency_code: regency,
    scraped_at: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}T10:20:30.123`,
  } as HospitalRecord
}

export function seedSchool(i: number): SchoolRecord {
  const p = PROVINCES[i % PROVINCES.length]
  const regency = `${p}${String(1 + (i % 6)).padStart(2, '0')}`
  const district = `${regency}${String(1 + (i % 5)).padStart(2, '0')}`
  const premium = i % 4 !== 0
  return {
    npsn: String(10000000 + i * 7).padStart(8, '0'),
    name: `${GRADES[i % GRADES.length]} Negeri ${i}`,
    grade: GRADES[i % GRADES.length],
    status: i % 3 ? 'N' : 'S',
    accreditation: premium ? 'ABC'[i % 3] : null,
    address: `Jl. Pendidikan ${i}`,
    province_code: p,
    province_name: i % 10 === 0 ? '' : PROVINCE_NAMES[i % PROVINCES.length],
    regency_code: regency,
    regency_name: i % 10 === 0 ? '' : `KAB ${regency}`,
    district_code: district,
    district_name: i % 10 === 0 ? '' : `KEC ${district}`,
    lang: premium ? -6.9 + (i % 1000) / 10000 : null,
    long: premium ? 107.6 + (i % 1000) / 10000 : null,
  } as SchoolRecord
}

function createJob(store: Store, kind: ReportKind, headers: string[], mapping: Record<string, string>): string {
  return store.jobs.create(
    {
      kind,
      inputFile: `/data/${kind}.xlsx`,
      inputName: `${kind}.xlsx`,
      inputFingerprint: 'sha256:seed',
      headers,
      mapping,
      settings: defaultJobSettings({ baseUrl: SEED_BASE_URL, reviewBand: [0.45, 0.55] }),
    },
    SEED_T0,
  ).id
}

/** Row fates by number: every 50th a pre-flight failure, every 37th a service failure, every 29th not found. */
const preflightFails = (i: number): boolean => i % 50 === 0
const serviceFails = (i: number): boolean => i % 37 === 0
const notFound = (i: number): boolean => i % 29 === 0

/**
 * Row i's face confidence, computed as real ones are: the embedded sandbox's logistic of a face
 * distance (src-main/sandbox/face/confidence.ts: 1 / (1 + e^(12 (d - 0.6)))), so most need all 17
 * significant digits, as the sandbox's and the service's do (a seed of three-decimal numbers hid a
 * report that read such rows one by one, and would hide any change in how their digits are
 * written). The distance is spread over 0.2..1.0 by the same permutation as before, so a row other
 * than the edge rows below is a match exactly when it was with the earlier three-decimal seed
 * (u > 0.5: distance < 0.6; u = 0.5 gives distance 0.6 and exactly 0.5, no match). Rows 5, 45, 85, ...
 * (every 40th from 5) hold the review band's edges and its middle exactly (0.45, 0.5, 0.55), numbers a
 * service may also give. Of 100,000 rows' confidences ~11% (the edge rows among them) survive 15 digits.
 */
export function seedConfidence(i: number): number {
  if (i % 40 === 5) return [0.45, 0.5, 0.55][((i - 5) / 40) % 3]
  const u = ((i * 7919) % 1000) / 1000
  const distance = 0.6 + 0.8 * (0.5 - u)
  return 1 / (1 + Math.exp(12 * (distance - 0.6)))
}

function seedFace(store: Store, rows: number): string {
  const headers = ['NIK', 'Nama', 'Foto KTP', 'Selfie', 'Tanggal Lahir', 'Catatan']
  const job = createJob(store, 'face-match', headers, { image1: 'Foto KTP', image2: 'Selfie' })
  const input = (i: number) => ({
    NIK: String(3273010101000000 + i).padStart(16, '0'),
    Nama: `Nasabah ${i}`,
    'Foto KTP': `foto/ktp/${i}.jpg`,
    Selfie: `foto/selfie/${i}.jpg`,
    'Tanggal Lahir': new Date(Date.UTC(1970 + (i % 40), i % 12, 1 + (i % 28))),
    Catatan: i % 97 === 0 ? '=HYPERLINK("http://x","y")' : null,
  })
  insert(store, job, rows, input)
  for (let i = 1; i <= rows; i++) {
    if (preflightFails(i)) continue
    store.rows.markInFlight(job, i, SEED_T0 + i)
    if (serviceFails(i)) {
      store.rows.fail(job, i, { code: 'no-face', message: 'Failed to verify faces.' }, SEED_T0 + i + 300, { product: 'face-match', hits: 1 })
      continue
    }
    const confidence = seedConfidence(i)
    const outcome = confidence > 0.5 ? 'match' : 'no-match'
    store.rows.complete(job, i, { outcome, match: confidence > 0.5, confidence }, SEED_T0 + i + 300, { product: 'face-match', chargePoints: 400 })
  }
  return job
}

function insert(store: Store, job: string, rows: number, input: (i: number) => Record<string, unknown>): void {
  store.rows.insertMany(
    job,
    (function* () {
      for (let i = 1; i <= rows; i++) {
        yield preflightFails(i)
          ? { rowNo: i, sourceRow: i + 1, input: input(i), localFailure: { code: 'invalid-code', message: 'not a valid code', column: Object.keys(input(i))[1] } }
          : { rowNo: i, sourceRow: i + 1, input: input(i), payload: { filters: { province_code: PROVINCES[i % PROVINCES.length] } } }
      }
    })(),
    SEED_T0,
  )
}

/** A lookup job: most rows carry their record in the result, every 40th only its key (read from the cache). */
function seedLookup<T>(store: Store, kind: 'hospital-lookup' | 'school-lookup', rows: number, rec: (i: number) => T, key: (r: T) => string, distinctRecords?: number): string {
  const header = kind === 'hospital-lookup' ? 'Kode RS' : 'NPSN'
  const product = kind === 'hospital-lookup' ? 'hospitals' : 'schools'
  const job = createJob(store, kind, ['No', header, 'Catatan'], { [kind === 'hospital-lookup' ? 'code' : 'npsn']: header })
  const distinct = Math.max(1, Math.min(Math.ceil(rows / 2), distinctRecords ?? Infinity))
  const records = Array.from({ length: distinct }, (_, i) => rec(i + 1))
  if (kind === 'hospital-lookup') store.cache.putHospitals(records as HospitalRecord[], SEED_SOURCE, SEED_T0)
  else store.cache.putSchools(records as SchoolRecord[], SEED_SOURCE, SEED_T0)
  const recordOf = (i: number): T => records[(i * 7) % distinct]
  insert(store, job, rows, (i) => ({ No: i, [header]: key(recordOf(i)), Catatan: i % 23 === 0 ? '+62 812 3456' : `baris ${i}` }))
  for (let i = 1; i <= rows; i++) {
    if (preflightFails(i)) continue
    store.rows.markInFlight(job, i, SEED_T0 + i)
    if (serviceFails(i)) store.rows.fail(job, i, { code: 'http-503', message: 'service unavailable' }, SEED_T0 + i + 200, { product, hits: 1 })
    else if (notFound(i)) store.rows.fail(job, i, { code: 'not-found', message: 'not found', column: header }, SEED_T0 + i + 200, { product, hits: 1 })
    else {
      const r = recordOf(i)
      const result = i % 40 === 0 ? { outcome: 'found' as const, recordKey: key(r), fromCache: true } : { outcome: 'found' as const, recordKey: key(r), raw: r }
      store.rows.complete(job, i, result, SEED_T0 + i + 200, { product, hits: i % 40 === 0 ? 0 : 1 })
    }
  }
  return job
}

/** A directory job (or school search): a few query rows, `records` distinct records linked to them. */
function seedRecords(store: Store, kind: 'hospital-directory' | 'school-directory' | 'school-search', records: number): string {
  const hospitals = kind === 'hospital-directory'
  const header = kind === 'school-search' ? 'Cari' : 'Kode Provinsi'
  const job = createJob(store, kind, [header], kind === 'school-search' ? { query: header } : { province_code: header })
  const queries = 12
  insert(store, job, queries, (i) => ({ [header]: kind === 'school-search' ? `sekolah ${i}` : PROVINCES[i % PROVINCES.length] }))
  const product = hospitals ? 'hospitals' : 'schools'
  const perQuery = Math.ceil(records / 10)
  for (let q = 1, next = 1; q <= queries; q++) {
    store.rows.markInFlight(job, q, SEED_T0 + q)
    if (q === 11) {
      store.rows.fail(job, q, { code: 'http-500', message: 'internal error' }, SEED_T0 + q + 100, { product, hits: 1 })
      continue
    }
    const batch: number[] = []
    for (let k = 0; k < perQuery && next <= records; k++) batch.push(next++)
    if (hospitals) store.cache.putHospitals(batch.map(seedHospital), SEED_SOURCE, SEED_T0)
    else store.cache.putSchools(batch.map(seedSchool), SEED_SOURCE, SEED_T0)
    const keys = batch.map((i) => (hospitals ? seedHospital(i).code : seedSchool(i).npsn))
    store.cache.linkRecords(job, product, keys, q)
    store.rows.complete(job, q, { outcome: 'records', recordCount: keys.length }, SEED_T0 + q + 100, { product, hits: Math.ceil(keys.length / 100) })
  }
  return job
}

function seedRegionsJob(store: Store, rows: number): string {
  const job = createJob(store, 'regions', ['Kode Provinsi', 'Catatan'], { province_code: 'Kode Provinsi' })
  insert(store, job, rows, (i) => ({ 'Kode Provinsi': PROVINCES[i % PROVINCES.length], Catatan: `wilayah ${i}` }))
  for (let i = 1; i <= rows; i++) {
    if (preflightFails(i)) continue
    store.rows.markInFlight(job, i, SEED_T0 + i)
    if (serviceFails(i)) store.rows.fail(job, i, { code: 'http-503', message: 'service unavailable' }, SEED_T0 + i + 200, { product: 'regional', hits: 1 })
    else store.rows.complete(job, i, { outcome: 'records', recordCount: 37, raw: { provinces: 1, regencies: 6, districts: 30 } }, SEED_T0 + i + 200, { product: 'regional' })
  }
  return job
}

function seedAutocomplete(store: Store, rows: number): string {
  const job = createJob(store, 'regency-autocomplete', ['Nama Kabupaten'], { query: 'Nama Kabupaten' })
  insert(store, job, rows, (i) => ({ 'Nama Kabupaten': `bandung ${i}` }))
  for (let i = 1; i <= rows; i++) {
    if (preflightFails(i)) continue
    store.rows.markInFlight(job, i, SEED_T0 + i)
    const items = Array.from({ length: i % 4 }, (_, k) => ({ code: `32${String(k + 1).padStart(2, '0')}`, name: `Kabupaten Bandung ${k}` }))
    if (serviceFails(i)) store.rows.fail(job, i, { code: 'http-503', message: 'service unavailable' }, SEED_T0 + i + 200, { product: 'regional', hits: 1 })
    else store.rows.complete(job, i, { outcome: 'records', recordCount: items.length, raw: { query: `bandung ${i}`, items } }, SEED_T0 + i + 200, { product: 'regional' })
  }
  return job
}

/**
 * Seeds a finished job of `kind` with `rows` rows (records for directory kinds); returns its id.
 * `distinctRecords`: lookups name at most this many records (default half the rows; the hospital
 * registry has ~3,155, so a real 100,000-row hospital lookup repeats them).
 */
export function seedReportJob(store: Store, kind: ReportKind, rows: number, opts: { distinctRecords?: number } = {}): string {
  // one transaction: 100,000 row transitions each committed alone take minutes on a busy disk
  return store.db.transaction(() => seedKind(store, kind, rows, opts.distinctRecords))()
}

function seedKind(store: Store, kind: ReportKind, rows: number, distinctRecords?: number): string {
  seedRegions(store)
  switch (kind) {
    case 'face-match':
      return seedFace(store, rows)
    case 'hospital-lookup':
      return seedLookup(store, kind, rows, seedHospital, (h) => h.code, distinctRecords)
    case 'school-lookup':
      return seedLookup(store, kind, rows, seedSchool, (s) => s.npsn, distinctRecords)
    case 'regions':
      return seedRegionsJob(store, rows)
    case 'regency-autocomplete':
      return seedAutocomplete(store, rows)
    default:
      return seedRecords(store, kind, rows)
  }
}
