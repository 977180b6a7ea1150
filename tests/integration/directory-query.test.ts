/**
 * One directory query, one translation to SQL: the browser's count and the export's rows agree
 * for the same query, on every filter, for hospitals and schools (province for schools too), and a
 * name filter holding LIKE wildcards (% _) matches them literally. Real SQLite file, real xlsx
 * read back with exceljs, through the app's own browse and export functions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import type { HospitalRecord, SchoolRecord } from '../../src-main/core/provider/types'
import type { DirectoryQuery } from '../../src-main/contract/ipc'
import { browseDirectory } from '../../src-main/app/directory-browse'
import { coreReportWriters } from '../../src-main/app/core-report-writers'
import { labelsFor } from '../../src-main/core/reports'
import { makeTempDir } from '../helpers/temp-dir'
import { readBook } from './reports-fixtures'

const SOURCE = 'sandbox'
const OTHER = 'api.example.invalid'

function hospital(over: Partial<HospitalRecord> & { code: string; name: string }): HospitalRecord {
  return {
    address: 'Jl. Uji',
    type: 'Rumah Sakit Umum',
    class: 'B',
    blu_status: 'BLUD',
    ownership: 'Pemprov',
    director: 'dr. Uji',
    facilities: { land_area: '1', building_area: '1', total_beds: 10 },
    beds: { class_i: 1, class_ii: 1, class_iii: 1, hcu: 0, perinatology: 0, icu_with_ventilator: 0 },
    services: { count: 1, list: ['IGD'] },
    staff: { total: 1, general_practitioner: 1, basic_specialist: 0, other_specialist: 0 },
    province_code: '32',
    regency_code: '3273',
    scraped_at: '2025-03-01T10:20:30.123',
    ...over,
  } as HospitalRecord
}

function school(over: Partial<SchoolRecord> & { npsn: string }): SchoolRecord {
  return {
    name: 'SD Uji',
    grade: 'SD',
    status: 'N',
    accreditation: null,
    address: 'Jl. Sekolah',
    province_code: '32',
    province_name: 'Jawa Barat',
    regency_code: '3273',
    regency_name: 'KOTA BANDUNG',
    district_code: '327301',
    district_name: 'SUKASARI',
    lang: null,
    long: null,
    ...over,
  }
}

let tmp: ReturnType<typeof makeTempDir>
let store: Store

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
  store.cache.putHospitals(
    [
      hospital({ code: 'H1', name: 'RS 100% Sehat' }),
      hospital({ code: 'H2', name: 'RS 1000 Sehat' }),
      hospital({ code: 'H3', name: 'RS A_B' }),
      hospital({ code: 'H4', name: 'RS AxB', class: 'D', ownership: 'Swasta' }),
      hospital({ code: 'H5', name: 'RS Bali', province_code: '51', regency_code: '5171', services: { count: 2, list: ['IGD', 'ICU'] } }),
      hospital({ code: 'H6', name: 'RS Back\\slash' }),
    ],
    SOURCE,
    1,
  )
  // the same kind of records from another source: never mixed into the sandbox's browse or export
  store.cache.putHospitals([hospital({ code: 'X1', name: 'RS 100% Sehat' }), hospital({ code: 'X2', name: 'RS Lain' })], OTHER, 1)
  store.cache.putSchools(
    [
      school({ npsn: '20219001' }),
      school({ npsn: '20219002', grade: 'SMP', status: 'S', accreditation: 'A' }),
      school({ npsn: '20219003', name: 'SD 50%_Jakarta', province_code: '31', province_name: 'DKI Jakarta', regency_code: '3171', district_code: '317101' }),
      school({ npsn: '20219004', name: 'SD 50xxJakarta', province_code: '31', province_name: 'DKI Jakarta', regency_code: '3171', district_code: '317102' }),
    ],
    SOURCE,
    1,
  )
})
afterAll(() => {
  store.close()
  tmp.cleanup()
})

async function exportedRows(q: DirectoryQuery, name: string): Promise<number> {
  const out = join(tmp.dir, `${name}.xlsx`)
  await coreReportWriters.writeDirectoryReport(store, q, { out, lang: 'en', source: SOURCE })
  const ws = (await readBook(out)).getWorksheet(labelsFor('en').sheets.results)!
  let n = 0
  ws.eachRow((_row, i) => void (i > 1 && n++))
  return n
}

describe('browse count = export row count for the same directory query', () => {
  const cases: Array<[string, DirectoryQuery, number]> = [
    ['every hospital', { product: 'hospitals' }, 6],
    ['hospitals of a province', { product: 'hospitals', provinceCodes: ['32'] }, 5],
    ['class and ownership', { product: 'hospitals', class: 'D', ownership: 'Swasta' }, 1],
    ['services (client-side rule)', { product: 'hospitals', services: 'icu' }, 1],
    ['a name with %', { product: 'hospitals', name: '100%' }, 1],
    ['a name with _', { product: 'hospitals', name: 'A_B' }, 1],
    ['a name with \\', { product: 'hospitals', name: 'k\\s' }, 1],
    ['schools of a province', { product: 'schools', provinceCodes: ['31'] }, 2],
    ['schools by accreditation', { product: 'schools', accreditation: 'a' }, 1],
    ['schools by district', { product: 'schools', districtCodes: ['317101'] }, 1],
    ['a school name with % and _', { product: 'schools', name: '50%_' }, 1],
  ]
  it.each(cases)('%s', async (label, q, expected) => {
    const browsed = browseDirectory(store, q, SOURCE, 0, 1000).total
    expect(browsed).toBe(expected)
    expect(await exportedRows(q, label.replace(/\W+/g, '-'))).toBe(browsed)
  })
})
