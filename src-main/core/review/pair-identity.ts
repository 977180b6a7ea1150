import type { JobRecord, JobRow } from '../store'
import { codeText } from '../importers/code-values'

/** NIK and name of a pair as the user's own columns hold them (mapped fields nik / name), if the job has them. */
export function pairIdentity(job: JobRecord, row: Pick<JobRow, 'input'>): { nik: string | null; name: string | null } {
  const cell = (field: string): unknown => {
    const header = job.mapping[field]
    return header ? row.input[header] : undefined
  }
  const name = cell('name')
  return { nik: codeText(cell('nik')), name: name === null || name === undefined || name === '' ? null : String(name) }
}
