import type { HospitalRecord } from '../../provider'
import { checkField, failedRow, fieldCell, plainInput } from '../checked-row'
import { HOSPITAL_FILTER_FIELDS, checkFilterValue } from '../../model/filter-values'
import { directoryRow, directoryUnit, PROVINCE_SYNONYMS, REGENCY_SYNONYMS, type DirectoryQueryPlan } from '../directory'
import { directoryBaseFilters, directoryUnits } from '../directory-units'
import { PlanError } from '../../jobs/plan-error'
import type { JobKindModule } from '../kind'
import { hospitalRecordsReport } from '../hospital-records/report'
import { cellText, checkProvinceCode, checkRegencyCode, optionalText } from '../row-checks'
import { RECORDS_TRAITS } from '../records-traits'
import { words } from './words'

const list = (v: string | undefined): string[] | undefined => (v ? [v] : undefined)

/** A Directory-screen query: filter values checked against the service's lists first; services kept by rekap. */
const fromQuery: DirectoryQueryPlan = {
  product: 'hospitals',
  async rows(q, lookups) {
    const base = directoryBaseFilters(q)
    if (HOSPITAL_FILTER_FIELDS.some((f) => base[f])) {
      const lists = await lookups.valueLists()
      for (const f of HOSPITAL_FILTER_FIELDS) {
        if (!base[f]) continue
        const c = checkFilterValue(f, base[f], lists)
        if (!c.ok) throw new PlanError(c.text)
        base[f] = c.value
      }
    }
    const clientFilters = q.services?.trim() ? { services: q.services.trim() } : undefined
    // the service's queries for it (the export's coverage check reads a query the same way)
    return { units: directoryUnits(q, base) ?? [base], clientFilters }
  },
}

/** Every hospital matching each row's filters (any filter may be empty). */
export const hospitalDirectory: JobKindModule = {
  kind: 'hospital-directory',
  words,
  example: {
    sheet: 'Filter RS',
    headers: ['Kode Provinsi', 'Kode Kabupaten', 'Kelas', 'Jenis', 'Kepemilikan', 'Status BLU'],
    row: () => ['32', '3273', 'B', 'Rumah Sakit Umum', 'Swasta', 'Non BLUD'],
    textColumns: [1, 2],
  },
  product: 'hospitals',
  fields: [
    { field: 'province_code', required: false, synonyms: PROVINCE_SYNONYMS },
    { field: 'regency_code', required: false, synonyms: REGENCY_SYNONYMS },
    { field: 'class', required: false, synonyms: ['class', 'kelas', 'kelasrs', 'hospitalclass', 'kelasrumahsakit'] },
    { field: 'type', required: false, synonyms: ['type', 'jenis', 'jenisrs', 'tipe', 'tipers', 'hospitaltype', 'jenisrumahsakit'] },
    { field: 'ownership', required: false, synonyms: ['ownership', 'kepemilikan', 'pemilik', 'penyelenggara', 'kepemilikanrs'] },
    { field: 'blu_status', required: false, synonyms: ['blustatus', 'statusblu', 'blu', 'blud', 'statusblud'] },
    { field: 'name', required: false, synonyms: ['namars', 'namarumahsakit', 'hospitalname', 'nama', 'name'] },
    // no server filter: rekap keeps the records whose services list has these words
    { field: 'services', required: false, synonyms: ['services', 'layanan', 'pelayanan', 'layananrs'] },
  ],
  guessRank: 6,
  // "Nama" and "Layanan" alone say nothing of hospitals (a KYC sheet has "Nama"): a filter column must be there
  fitsColumns: (mapping) => Object.keys(mapping).some((f) => f !== 'name' && f !== 'services'),
  async checkRow(row, rowNo, ctx) {
    const filters: Record<string, string> = {}
    for (const [field, check] of [
      ['province_code', checkProvinceCode],
      ['regency_code', checkRegencyCode],
    ] as const) {
      if (!cellText(fieldCell(row, ctx, field))) continue
      const c = checkField(row, rowNo, ctx, field, check)
      if (c.failure) return c.failure
      filters[field] = c.value
    }
    for (const field of HOSPITAL_FILTER_FIELDS) {
      const v = optionalText(fieldCell(row, ctx, field))
      if (!v) continue
      const lists = ctx.directory.valueLists
      if (lists) {
        const c = checkFilterValue(field, v, lists)
        if (!c.ok) return failedRow(row, rowNo, ctx, ctx.mapping[field], 'invalid-filter', c.reason)
        filters[field] = c.value
      } else filters[field] = v
    }
    const name = optionalText(fieldCell(row, ctx, 'name')) ?? ctx.directory.name
    if (name) filters.name = name
    const services = optionalText(fieldCell(row, ctx, 'services')) ?? ctx.directory.services
    return directoryRow(rowNo, plainInput(row.values), filters, row.sourceRow, services ? { services } : undefined)
  },
  ...directoryUnit<HospitalRecord>(
    'hospitals',
    (env, filters, page, signal) => env.client.hospitals({ ...filters, page, size: 100 }, { signal }),
    (h) => h.code,
    (env, f) =>
      env.cache.iterateHospitals({
        source: env.source,
        provinceCodes: list(f.province_code),
        regencyCodes: list(f.regency_code),
        class: f.class,
        type: f.type,
        ownership: f.ownership,
        blu_status: f.blu_status,
        name: f.name,
      }),
  ),
  fromQuery,
  checksValueLists: true,
  ...RECORDS_TRAITS,
  defaultConcurrency: 8,
  recordsLinked: true,
  writeReportSheets: hospitalRecordsReport,
}
