/**
 * The kinds of batch job rekap runs; one per product flow of the service. The names are part of the
 * contract (stored in jobs, sent to the renderer, typed on the CLI); what each kind does lives in
 * src-main/core/kinds/. The contract imports nothing from core: core maps to the contract's views.
 */
export const JOB_KINDS = [
  'face-match',
  'hospital-lookup',
  'hospital-directory',
  'school-lookup',
  'school-directory',
  'regions',
  'school-search',
  'regency-autocomplete',
] as const

export type JobKind = (typeof JOB_KINDS)[number]

export function isJobKind(value: string): value is JobKind {
  return (JOB_KINDS as readonly string[]).includes(value)
}
