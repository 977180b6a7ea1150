import type { JobRecord } from '../store'
import { isCodeHeader } from '../importers/header-names'
import type { ColumnSpec } from './column-cells'

/**
 * The user's own columns, in their order, ahead of rekap's result columns. A column whose
 * header names a code (NIK, NPSN, Kode, code) is written as text; everything else keeps its type.
 */
export function inputColumns(job: JobRecord, firstInput?: Record<string, unknown>): ColumnSpec[] {
  const headers = job.headers.length ? job.headers : Object.keys(firstInput ?? {})
  return headers.map((h) => ({ header: h, kind: isCodeHeader(h) ? 'code' : 'auto' }))
}

/**
 * rekap's own columns beside the user's: one whose title is already an input column's (the
 * input's "Kode RS" and the service's "Kode RS") is marked as the service's, so every column of
 * a sheet has its own title and a reader can tell what was sent from what came back.
 */
export function besideInputs<C extends ColumnSpec>(inputs: readonly ColumnSpec[], columns: C[], mark: (header: string) => string): C[] {
  const taken = new Set(inputs.map((c) => c.header))
  return columns.map((c) => (taken.has(c.header) ? { ...c, header: mark(c.header) } : c))
}
