import { loadRegionNames } from '../reports/region-names'
import { writeErrorsSheet } from '../reports/errors-sheet'
import { schoolsLackPremiumFields } from '../store/premium-fields'
import { HospitalPivots, writeHospitalPivots, writeHospitalRecords } from '../reports/hospital-report'
import { SchoolPivots, writeSchoolPivots, writeSchoolRecords } from '../reports/school-report'
import type { JobKindModule } from './kind'

type RecordsReport = Pick<JobKindModule, 'writeReportSheets' | 'reportNotes'>

/**
 * The report of a kind whose rows link to hospital records (directory queries): the records once,
 * the errors, the pivots. One definition, so every hospital-records kind reports the same way.
 */
export const hospitalRecordsReport: RecordsReport = {
  async writeReportSheets(writer, store, job, L) {
    const regions = await loadRegionNames(store.cache)
    const pivots = new HospitalPivots()
    const n = await writeHospitalRecords(writer, store.cache.iterateJobHospitals(job.id), L, regions, pivots)
    await writeErrorsSheet(writer, store, job.id, L)
    await writeHospitalPivots(writer, pivots, L, regions)
    return n
  },
}

/** The same for kinds whose rows link to school records (directory queries, school search). */
export const schoolRecordsReport: RecordsReport = {
  async writeReportSheets(writer, store, job, L) {
    const regions = await loadRegionNames(store.cache)
    const pivots = new SchoolPivots()
    const n = await writeSchoolRecords(writer, store.cache.iterateJobSchools(job.id), L, regions, pivots)
    await writeErrorsSheet(writer, store, job.id, L)
    await writeSchoolPivots(writer, pivots, L, regions)
    return n
  },
  reportNotes: (store, job, L) => (schoolsLackPremiumFields(store, job, 'records') ? [L.notes.premium] : []),
}
