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

export function inputValues(columns: ColumnSpec[], input: Record<string, unknown>): unknown[] {
  return columns.map((c) => input[c.header])
}
