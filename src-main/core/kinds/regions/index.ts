import type { RegionEntry, Store } from '../../store'
import { loadRegionTree } from '../../regions/region-tree'
import { reportSheets } from '../../reports/report-skeleton'
import { writeResultsSheet } from '../../reports/results-sheet'
import { regionUnits, writeRegionTree } from './report'
import { checkField, fieldCell, plainInput } from '../checked-row'
import { directoryRow, PROVINCE_SYNONYMS, type DirectoryPayload } from '../directory'
import type { JobKindModule } from '../kind'
import { cellText, checkProvinceCode } from '../row-checks'
import { RECORDS_TRAITS } from '../records-traits'
import type { Unit } from '../unit'
import { words } from './words'

/**
 * The region tree of one province (or all): regencies, then districts of each regency. Each
 * answer is kept as it comes, with its hit (a row blocked half-way by the quota has spent them).
 */
const fetchTree: Unit = async (row, env) => {
  const { filters } = row.payload as DirectoryPayload
  const call = async <T>(fn: (signal: AbortSignal) => Promise<T>, regions: (answer: T) => RegionEntry[]): Promise<T> => {
    const r = await env.call(fn)
    env.keep({ hits: 1, regions: regions(r) })
    return r
  }
  const provinces = await call(
    (signal) => env.client.provinces({ signal }),
    (ps) => ps.map((p) => ({ code: p.code, level: 'province', parentCode: null, name: p.name })),
  )
  const wanted = filters.province_code ? provinces.filter((p) => p.code === filters.province_code) : provinces
  if (!wanted.length) return { type: 'fail', code: 'not-found', message: `no province with code ${filters.province_code}`, hits: 0 }
  let regencyCount = 0
  let districtCount = 0
  for (const province of wanted) {
    for (let page = 1, total = 1; page <= total; page++) {
      const p = await call(
        (signal) => env.client.regencies({ province_code: province.code, page }, { signal }),
        (answer) => answer.items.map((r) => ({ code: r.code, level: 'regency', parentCode: province.code, name: r.name })),
      )
      total = p.paging.total_page
      for (const regency of p.items) {
        const districts = await call(
          (signal) => env.client.districts({ regency_code: regency.code }, { signal }),
          (ds) => ds.map((d) => ({ code: d.code, level: 'district', parentCode: regency.code, name: d.name })),
        )
        regencyCount++
        districtCount += districts.length
      }
    }
  }
  // Hits were kept call by call above.
  return { type: 'done', charged: false, hits: 0, result: { outcome: 'records', recordCount: wanted.length + regencyCount + districtCount, raw: { provinces: wanted.length, regencies: regencyCount, districts: districtCount } } }
}

/** The provinces the job's answered rows fetched; 'all' when one of them asked for every province. */
function fetchedProvinces(store: Store, jobId: string): Set<string> | 'all' {
  // the path of DirectoryPayload's filters.province_code
  const codes = store.rows.donePayloadValues(jobId, '$.filters.province_code')
  return codes.some((p) => !p) ? 'all' : new Set(codes as string[])
}

/** Provinces, regencies and districts (of one province per row, or all). */
export const regions: JobKindModule = {
  kind: 'regions',
  words,
  example: { sheet: 'Provinsi', headers: ['Kode Provinsi', 'Nama Provinsi'], row: () => ['32', 'Jawa Barat'], textColumns: [1] },
  product: 'regional',
  fields: [
    { field: 'province_code', required: false, synonyms: PROVINCE_SYNONYMS },
    // A name beside the code is what tells a region list from a hospital query by province.
    { field: 'province_name', required: false, synonyms: ['namaprovinsi', 'provincename', 'provinsi', 'namapropinsi', 'propinsi', 'wilayah', 'namawilayah', 'region', 'regionname'] },
  ],
  guessRank: 5,
  // Province codes with their names, and nothing a hospital query filters on; province codes
  // alone stay a hospital query by province.
  fitsColumns(mapping, mappingOf) {
    const hospitalOnly = Object.keys(mappingOf('hospital-directory')).some((f) => f !== 'province_code')
    return Boolean(mapping.province_code && mapping.province_name && !hospitalOnly)
  },
  async checkRow(row, rowNo, ctx) {
    const filters: Record<string, string> = {}
    if (cellText(fieldCell(row, ctx, 'province_code'))) {
      const c = checkField(row, rowNo, ctx, 'province_code', checkProvinceCode)
      if (c.failure) return c.failure
      filters.province_code = c.value
    }
    return directoryRow(rowNo, plainInput(row.values), filters, row.sourceRow)
  },
  unit: fetchTree,
  plannedCalls(store, jobId) {
    let calls = 0
    const tree = loadRegionTree()
    for (const r of store.rows.iterate(jobId)) {
      if (r.state !== 'pending' || r.duplicateOf) continue
      const p = (r.payload as DirectoryPayload).filters.province_code
      const provinces = p ? [p] : [...tree.regenciesByProvince.keys()]
      calls += 1
      for (const code of provinces) {
        const n = tree.regenciesByProvince.get(code)?.length ?? 0
        calls += Math.max(1, Math.ceil(n / 100)) + n
      }
    }
    return { calls, basis: 'region-tree' }
  },
  ...RECORDS_TRAITS,
  defaultConcurrency: 4,
  recordsLinked: false,
  writeReportSheets: reportSheets({
    results: (writer, store, job, L, ctx) => writeResultsSheet(writer, store, job, L, regionUnits(L, ctx.zone), ctx),
    after: (writer, store, job, L) => writeRegionTree(writer, store, L, fetchedProvinces(store, job.id)),
  }),
}
