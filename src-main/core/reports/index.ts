/** Report building blocks; a job's whole report is put together by kind in core/export. */
export { formatFromName, ReportError } from './report-result'
export type { ReportResult } from './report-result'
export { writeAnnotatedCopy, MAX_ANNOTATED_ROWS } from './annotated-copy'
export { literalCell, csvField } from './cell-safety'
export { labelsFor } from './labels'
export type { ReportLang, ReportLabels } from './labels'
export type { ReportFormat } from './report-output'
