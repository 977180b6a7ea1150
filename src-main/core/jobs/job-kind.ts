/** The kinds of batch job rekap runs; one per product flow of the service. */
export const JOB_KINDS = [
  'face-match',
  'hospital-lookup',
  'hospital-directory',
  'school-lookup',
  'school-directory',
  'regions',
] as const

export type JobKind = (typeof JOB_KINDS)[number]

export function isJobKind(value: string): value is JobKind {
  return (JOB_KINDS as readonly string[]).includes(value)
}
