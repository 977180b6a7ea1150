import type { JobKindView } from '../../../src-main/contract/ipc'

/** Kinds offered for a spreadsheet, most used first. */
export const jobKinds: readonly JobKindView[] = [
  'face-match',
  'hospital-lookup',
  'school-lookup',
  'hospital-directory',
  'school-directory',
  'regions',
]

export function isFaceJob(kind: JobKindView): boolean {
  return kind === 'face-match'
}
