/**
 * File names for exports: readable, unique per job and language, safe on every OS.
 * Windows forbids <>:"/\|?* and trailing dots; we keep letters, digits, dot, dash, underscore.
 */
import path from 'node:path'
import { reportZone } from '../core/reports/time-zone'

export function safeFileStem(text: string, fallback: string): string {
  const stem = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
  return stem || fallback
}

export function jobReportName(job: { id: string; kind: string }, lang: string, format: 'xlsx' | 'csv'): string {
  return `rekap-${job.kind}-${job.id}-${lang}.${format}`
}

/** The user's own workbook with result columns added: `<their name>-rekap-<job>.xlsx`. */
export function annotatedCopyName(job: { id: string; inputName: string | null }, lang: string): string {
  const stem = safeFileStem(path.parse(job.inputName ?? '').name, 'input')
  return `${stem}-rekap-${job.id}-${lang}.xlsx`
}

/** `rekap-hospitals-directory-20261124-071300-id.xlsx`: the stamp is the wall clock of the Settings zone. */
export function directoryReportName(product: string, stamp: number, lang: string, timeZone?: string): string {
  const when = reportZone(timeZone).stamp(stamp)
  return `rekap-${product}-directory-${when}-${lang}.xlsx`
}
