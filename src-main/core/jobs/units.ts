import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { makeCompliantJpeg } from '../images'
import type { ServiceClient, HospitalRecord, SchoolRecord, Page } from '../provider'
import type { Store, JobRow, RowResult } from '../store'
import type { JobKind } from '../../contract/job-kinds'
import { directoryUnitKey, type FacePayload, type LookupPayload, type DirectoryPayload } from './planner'
import { hasServices } from './services-filter'

/**
 * One unit of work per kind of job: how a row becomes service calls and a result. The
 * runner owns pacing, retries and money; a unit only calls `env.call()` around each request
 * (which waits for the rate limiter and checks quota) and reports what it got.
 */
export interface UnitEnv {
  client: ServiceClient
  store: Store
  jobId: string
  /** where records come from, so sandbox data is never taken for real data */
  source: string
  /** the service account whose hits are counted */
  account: string
  freshAfter: number
  now: () => number
  signal: AbortSignal
  /** wraps one request: waits for a rate token and the quota check first */
  call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T>
}

export type UnitOutcome =
  | { type: 'done'; result: RowResult; charged: boolean; hits: number }
  | { type: 'fail'; code: string; message: string; hits: number }

export type Unit = (row: JobRow, env: UnitEnv) => Promise<UnitOutcome>

export class UnitInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

async function readImage(ref: FacePayload['image1'], field: string): Promise<{ data: Buffer; filename: string }> {
  let data: Buffer
  try {
    data = await readFile(ref.path)
  } catch (err) {
    throw new UnitInputError('file-missing', `${field}: cannot read ${ref.path} any more (${(err as NodeJS.ErrnoException).code ?? 'error'}); nothing was sent`)
  }
  if (ref.convert) return { data: await makeCompliantJpeg({ data }), filename: basename(ref.path).replace(/\.[^.]*$/, '') + '.jpg' }
  return { data, filename: basename(ref.path) }
}

const faceMatch: Unit = async (row, env) => {
  const p = row.payload as FacePayload
  const [image1, image2] = await Promise.all([readImage(p.image1, 'image1'), readImage(p.image2, 'image2')])
  const r = await env.call((signal) => env.client.faceMatch({ image1, image2 }, { signal }))
  return { type: 'done', charged: true, hits: 1, result: { outcome: r.match ? 'match' : 'no-match', match: r.match, confidence: r.confidence, raw: r } }
}

const hospitalLookup: Unit = async (row, env) => {
  const { code } = row.payload as LookupPayload
  const cached = env.store.cache.getHospital(code, env.source, env.freshAfter)
  if (cached) return { type: 'done', charged: false, hits: 0, result: { outcome: 'found', recordKey: code, fromCache: true, raw: cached } }
  const h = await env.call((signal) => env.client.hospital(code, { signal }))
  env.store.cache.putHospitals([h], env.source, env.now())
  return { type: 'done', charged: false, hits: 1, result: { outcome: 'found', recordKey: h.code, raw: h } }
}

const schoolLookup: Unit = async (row, env) => {
  const { code } = row.payload as LookupPayload
  const cached = env.store.cache.getSchool(code, env.source, env.freshAfter)
  if (cached) return { type: 'done', charged: false, hits: 0, result: { outcome: 'found', recordKey: code, fromCache: true, raw: cached } }
  const page = await env.call((signal) => env.client.schools({ npsn: code }, { signal }))
  const s = page.items.find((x) => x.npsn === code) ?? page.items[0]
  if (!s) return { type: 'fail', code: 'not-found', message: `no school with NPSN ${code}`, hits: 1 }
  env.store.cache.putSchools([s], env.source, env.now())
  return { type: 'done', charged: false, hits: 1, result: { outcome: 'found', recordKey: s.npsn, raw: s } }
}

export interface PagingProgress {
  nextPage: number
  totalPage: number | null
  /** records the service sent */
  records: number
  /** records kept after the client-side filters (services); absent = all */
  kept?: number
}

/** A directory kind's paging: one page fetched and saved (also used by the plan to count pages). */
export interface DirectoryPaging {
  product: 'hospitals' | 'schools'
  syncKey(row: JobRow): string
  /** fetches the next page of the row's query and saves it with the progress, in one transaction */
  fetchNext(row: JobRow, env: UnitEnv, progress: PagingProgress): Promise<void>
}

/**
 * Fetches every page of a directory query. Each page is saved (records to the cache, links
 * to the job, paging progress, the hit) in one transaction, so a resumed job continues at the
 * next page instead of re-hitting the ones it has.
 */
function directory<T extends HospitalRecord | SchoolRecord>(
  product: 'hospitals' | 'schools',
  fetchPage: (env: UnitEnv, filters: Record<string, string>, page: number, signal: AbortSignal) => Promise<Page<T>>,
  keyOf: (r: T) => string,
  fromCache: (env: UnitEnv, filters: Record<string, string>) => Iterable<T>,
): { unit: Unit; paging: DirectoryPaging } {
  // The server query alone names the sync (client filters do not change what the service sends).
  const syncKey = (row: JobRow): string => `${product}:${directoryUnitKey((row.payload as DirectoryPayload).filters)}`
  const keep = (row: JobRow, items: T[]): T[] => {
    const services = (row.payload as DirectoryPayload).clientFilters?.services
    return services ? items.filter((r) => hasServices(r as HospitalRecord, services)) : items
  }
  const fetchNext = async (row: JobRow, env: UnitEnv, progress: PagingProgress): Promise<void> => {
    const { filters } = row.payload as DirectoryPayload
    const page = await env.call((signal) => fetchPage(env, filters, progress.nextPage, signal))
    progress.totalPage = page.paging.total_page
    progress.nextPage += 1
    progress.records += page.items.length
    const kept = keep(row, page.items)
    progress.kept = (progress.kept ?? 0) + kept.length
    env.store.db.transaction(() => {
      if (product === 'hospitals') env.store.cache.putHospitals(page.items as HospitalRecord[], env.source, env.now())
      else env.store.cache.putSchools(page.items as SchoolRecord[], env.source, env.now())
      env.store.cache.linkRecords(env.jobId, product, kept.map(keyOf), row.rowNo)
      env.store.rows.saveProgress(env.jobId, row.rowNo, progress)
      env.store.usage.addHits(product, 1, env.now(), env.account)
    })()
  }
  const unit: Unit = async (row, env) => {
    const { filters } = row.payload as DirectoryPayload
    // The same query was fetched to its last page recently: answer from the cache, no hits.
    if (!row.progress && env.store.cache.freshSync(syncKey(row), env.source, env.freshAfter)) {
      const keys = keep(row, [...fromCache(env, filters)]).map(keyOf)
      env.store.cache.linkRecords(env.jobId, product, keys, row.rowNo)
      return { type: 'done', charged: false, hits: 0, result: { outcome: 'records', recordCount: keys.length, fromCache: true, raw: { filters, pages: 0 } } }
    }
    const progress: PagingProgress = (row.progress as PagingProgress | null) ?? { nextPage: 1, totalPage: null, records: 0 }
    while (progress.totalPage === null || progress.nextPage <= progress.totalPage) {
      await fetchNext(row, env, progress)
      if (progress.totalPage === 0) break
    }
    env.store.cache.markSync(syncKey(row), product, filters, progress.records, env.source, env.now())
    // Hits were counted page by page above.
    return { type: 'done', charged: false, hits: 0, result: { outcome: 'records', recordCount: progress.kept ?? progress.records, raw: { filters, pages: progress.totalPage } } }
  }
  return { unit, paging: { product, syncKey, fetchNext } }
}

const list = (v: string | undefined): string[] | undefined => (v ? [v] : undefined)

const hospitalDirectory = directory<HospitalRecord>(
  'hospitals',
  (env, filters, page, signal) => env.client.hospitals({ ...filters, page, size: 100 }, { signal }),
  (h) => h.code,
  (env, f) =>
    env.store.cache.iterateHospitals({
      source: env.source,
      provinceCodes: list(f.province_code),
      regencyCodes: list(f.regency_code),
      class: f.class,
      type: f.type,
      ownership: f.ownership,
      bluStatus: f.blu_status,
      name: f.name,
    }),
)

const schoolDirectory = directory<SchoolRecord>(
  'schools',
  (env, filters, page, signal) => env.client.schools({ ...filters, page } as never, { signal }),
  (s) => s.npsn,
  (env, f) => env.store.cache.iterateSchools({ source: env.source, regencyCodes: list(f.regency_code), grade: f.grade, status: f.status, name: f.name }),
)

/**
 * The region tree of one province (or all): regencies, then districts of each regency. Each
 * answer's hit is written as it comes (a row blocked half-way by the quota has spent them).
 */
const regions: Unit = async (row, env) => {
  const { filters } = row.payload as DirectoryPayload
  const now = env.now()
  const call = async <T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const r = await env.call(fn)
    env.store.usage.addHits('regional', 1, env.now(), env.account)
    return r
  }
  const provinces = await call((signal) => env.client.provinces({ signal }))
  env.store.cache.putRegions(provinces.map((p) => ({ code: p.code, level: 'province', parentCode: null, name: p.name })), env.source, now)
  const wanted = filters.province_code ? provinces.filter((p) => p.code === filters.province_code) : provinces
  if (!wanted.length) return { type: 'fail', code: 'not-found', message: `no province with code ${filters.province_code}`, hits: 0 }
  let regencyCount = 0
  let districtCount = 0
  for (const province of wanted) {
    for (let page = 1, total = 1; page <= total; page++) {
      const p = await call((signal) => env.client.regencies({ province_code: province.code, page }, { signal }))
      total = p.paging.total_page
      env.store.cache.putRegions(p.items.map((r) => ({ code: r.code, level: 'regency', parentCode: province.code, name: r.name })), env.source, env.now())
      for (const regency of p.items) {
        const districts = await call((signal) => env.client.districts({ regency_code: regency.code }, { signal }))
        env.store.cache.putRegions(districts.map((d) => ({ code: d.code, level: 'district', parentCode: regency.code, name: d.name })), env.source, env.now())
        regencyCount++
        districtCount += districts.length
      }
    }
  }
  // Hits were counted call by call above.
  return { type: 'done', charged: false, hits: 0, result: { outcome: 'records', recordCount: wanted.length + regencyCount + districtCount, raw: { provinces: wanted.length, regencies: regencyCount, districts: districtCount } } }
}

export const UNITS: Record<JobKind, Unit> = {
  'face-match': faceMatch,
  'hospital-lookup': hospitalLookup,
  'school-lookup': schoolLookup,
  'hospital-directory': hospitalDirectory.unit,
  'school-directory': schoolDirectory.unit,
  regions,
}

/** The directory kinds' paging, for the plan's page estimate. */
export const DIRECTORY_PAGING: Partial<Record<JobKind, DirectoryPaging>> = {
  'hospital-directory': hospitalDirectory.paging,
  'school-directory': schoolDirectory.paging,
}
