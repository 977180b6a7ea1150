import type { SchoolRecord } from '../../provider'
import { checkField, fieldCell, plainInput } from '../checked-row'
import { directoryRow, directoryUnit, REGENCY_SYNONYMS, type DirectoryQueryPlan } from '../directory'
import { directoryUnits } from '../directory-units'
import { PlanError } from '../../jobs/plan-error'
import { coreText } from '../../texts/core-text'
import type { JobKindModule } from '../kind'
import { schoolRecordsNotes, schoolRecordsReport } from '../school-records/report'
import { checkRegencyCode, checkSchoolStatus, optionalText } from '../row-checks'
import { RECORDS_TRAITS } from '../records-traits'
import { words } from './words'

const list = (v: string | undefined): string[] | undefined => (v ? [v] : undefined)

/** A Directory-screen query: one row per regency; a province is expanded to its regencies. */
const fromQuery: DirectoryQueryPlan = {
  product: 'schools',
  async rows(q) {
    // one query per regency; provinces and districts name their regencies; no area: refused (contract/directory-area.ts)
    const units = directoryUnits(q)
    if (!units) throw new PlanError(coreText('plan.schoolSyncNeedsArea', {}))
    return { units }
  },
}

/** Every school of each row's regency (the service lists schools per regency), optionally by grade and status. */
export const schoolDirectory: JobKindModule = {
  kind: 'school-directory',
  words,
  example: { sheet: 'Wilayah', headers: ['Kode Kabupaten', 'Jenjang', 'Status'], row: () => ['3273', 'SD', 'N'], textColumns: [1] },
  product: 'schools',
  fields: [
    { field: 'regency_code', required: true, synonyms: REGENCY_SYNONYMS },
    { field: 'grade', required: false, synonyms: ['grade', 'jenjang', 'jenjangpendidikan', 'bentukpendidikan', 'tingkat'] },
    { field: 'status', required: false, synonyms: ['status', 'statussekolah', 'negeriswasta'] },
    // premium accounts only (403 otherwise)
    { field: 'accreditation', required: false, synonyms: ['accreditation', 'akreditasi', 'akreditasisekolah'] },
  ],
  guessRank: 4,
  async checkRow(row, rowNo, ctx) {
    const reg = checkField(row, rowNo, ctx, 'regency_code', checkRegencyCode)
    if (reg.failure) return reg.failure
    const status = checkField(row, rowNo, ctx, 'status', checkSchoolStatus)
    if (status.failure) return status.failure
    const filters: Record<string, string> = { regency_code: reg.value }
    const grade = optionalText(fieldCell(row, ctx, 'grade'))
    if (grade) filters.grade = grade.toUpperCase()
    if (status.value) filters.status = status.value
    const accreditation = optionalText(fieldCell(row, ctx, 'accreditation')) ?? ctx.directory.accreditation
    if (accreditation) filters.accreditation = accreditation.toUpperCase()
    return directoryRow(rowNo, plainInput(row.values), filters, row.sourceRow)
  },
  ...directoryUnit<SchoolRecord>(
    'schools',
    (env, filters, page, signal) => env.client.schools({ ...filters, page } as never, { signal }),
    (s) => s.npsn,
    (env, f) =>
      env.cache.iterateSchools({
        source: env.source,
        regencyCodes: list(f.regency_code),
        grade: f.grade,
        status: f.status as 'N' | 'S' | undefined,
        accreditation: f.accreditation,
        name: f.name,
      }),
  ),
  fromQuery,
  ...RECORDS_TRAITS,
  defaultConcurrency: 4,
  recordsLinked: true,
  writeReportSheets: schoolRecordsReport,
  reportNotes: schoolRecordsNotes,
}
