import type { ReportFormat } from './report-output'
import { TextError } from '../texts/core-text'

export interface ReportResult {
  out: string
  /** rows in the results sheet */
  rows: number
  sheets: string[]
  /** the SHA-256 content digest the summary states (xlsx); null for CSV, which carries none */
  digest?: string | null
}

/** A report refused for a reason the user can fix (reaches the desktop as a conflict, the CLI as usage). */
export class ReportError extends TextError {}

export function formatFromName(out: string): ReportFormat {
  return out.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx'
}
