import type { JobAction } from '../model/job-action-names'
import type { JobState } from '../model/job-state'
import { EN } from '../reports/labels/en'
import type { CoreTextTable, KeyRef } from './id'

/** The English words of core's texts: the same keys and parameters as id.ts (the type enforces it). */

const ACTION: Record<JobAction, string> = {
  start: 'start',
  resume: 'resume',
  pause: 'pause',
  cancel: 'cancel',
  retryFailed: 'retry-failed',
  resendUncertain: 'resume --resend-uncertain',
  export: 'export',
}
const state = (s: JobState): string => EN.states[s] ?? s
const possible = (p: JobAction[]): string => (p.length ? `possible now: ${p.map((a) => ACTION[a]).join(', ')}` : 'nothing can be done to it now')
const value = (v: string | null): string => v ?? '(empty)'
const at = (p: { sheet: string; row: number; key?: KeyRef | null }): string => `sheet "${p.sheet}", row ${p.row}${p.key ? ` (${keyText(p.key)})` : ''}`
const keyText = (k: KeyRef): string => `${k.name ?? 'line'} ${k.value || 'empty'}`
const column = (c: { letter: string; header: string | null }): string => `column ${c.letter}${c.header ? ` "${c.header}"` : ''}`

export const coreTextsEn: CoreTextTable = {
  'action.otherProcess': (p) => `job ${p.job} is being run by another rekap process (${possible(p.possible)})`,
  'action.draftNoRows': (p) => `job ${p.job} is a plan that never finished: it has no rows to export yet (${possible(p.possible)})`,
  'action.cancelled': (p) => `job ${p.job} was cancelled; what was done is kept (export it), start a new job for the rest (${possible(p.possible)})`,
  'action.alreadyRunning': (p) => `job ${p.job} is already running (${possible(p.possible)})`,
  'action.pauseFirst': (p) => `job ${p.job} is running; pause it first (${possible(p.possible)})`,
  'action.noFailed': (p) => `job ${p.job} has no failed rows to retry (${possible(p.possible)})`,
  'action.noUncertain': (p) => `job ${p.job} has no uncertain rows to re-send (${possible(p.possible)})`,
  'action.done': (p) => `job ${p.job} is done; nothing is left to send (${possible(p.possible)})`,
  'action.notInState': (p) => `${ACTION[p.action]} is not possible for a job that is ${state(p.state)} (${possible(p.possible)})`,
  'action.ownedBy': (p) =>
    `job ${p.job} is being run by another rekap (pid ${p.pid} on host ${p.host} since ${p.since}); nothing was changed. ` +
    `Wait for it, or pause/cancel it from there (rekap cancel ${p.job} asks that process to stop).`,

  'verify.sheetAdded': (p) => `sheet "${p.sheet}" was added`,
  'verify.sheetChanged': (p) => `sheet "${p.sheet}" changed`,
  'verify.sheetRemoved': (p) => `sheet "${p.sheet}" was removed`,
  'verify.digestLinesChanged': () => 'the report digest lines on the summary sheet were changed',
  'verify.sheetNotInStore': (p) => `sheet "${p.sheet}" is not in the report rekap writes from the data file (added)`,
  'verify.sheetMissing': (p) => `sheet "${p.sheet}" is missing (deleted)`,
  'verify.cell': (p) =>
    `${at(p)}${p.header ? ' (header)' : ''}, ${column(p.column)}: the report has ${value(p.report)}, the data file says ${value(p.store)}`,
  'verify.rowAdded': (p) => `${at(p)}: a row that is not in the report rekap writes from the data file (added)`,
  'verify.rowMissing': (p) =>
    p.key
      ? `sheet "${p.sheet}": the row with ${keyText(p.key)} (row ${p.row} as written) is missing (deleted)`
      : `sheet "${p.sheet}": row ${p.row} of the report rekap writes from the data file is missing (deleted)`,
  'verify.noStore': () =>
    'no rekap data file at hand: checked the digest alone, which names the sheet but not the row (pass --db FILE to find the row and column)',
  'verify.otherStore': (p) =>
    `the data file ${p.file} is not the one that wrote this report (its id is ${p.storeId}, the report names ${p.reportStoreId}): checked the digest alone`,
  'verify.noJobInStore': (p) => `the data file ${p.file} has no job ${p.job}: checked the digest alone`,
  'verify.jobChangedSince': (p) => `job ${p.job} changed in the data file after this report was written; some differences below may come from that`,
  'verify.notXlsx': (p) => `${p.file} cannot be read as an xlsx workbook: ${p.reason}`,
  'verify.noDigest': (p) =>
    `${p.file} carries no rekap report digest on its first sheet: it is not a report rekap wrote (or it was written before reports carried one)`,
  'verify.incomplete': (p) => `${p.file}: the summary sheet lacks the job id or the report time; it is not a complete rekap report`,
}
