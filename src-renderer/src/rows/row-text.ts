import type { RowView } from '../../../src-main/contract/ipc'

const OUTCOMES = new Set(['match', 'no-match', 'found', 'not-found', 'failed', 'records'])

/** The i18n key of a row's outcome, or null while it has none (pending, uncertain…). */
export function outcomeKey(row: Pick<RowView, 'outcome'>): string | null {
  return row.outcome && OUTCOMES.has(row.outcome) ? `outcome.${row.outcome}` : null
}

/** The few input values that identify a row in the table (NIK and name, a code, an NPSN…). */
export function inputSummary(input: Record<string, unknown>): string {
  const preferred = ['nik', 'name', 'code', 'npsn', 'regency_code', 'province_code']
  const picked = preferred.filter((k) => input[k] !== undefined && input[k] !== null && input[k] !== '')
  const keys = picked.length ? picked : Object.keys(input).slice(0, 2)
  return keys.map((k) => String(input[k])).join(' · ')
}
