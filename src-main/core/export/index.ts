/**
 * Reports: the public surface the CLI, the engine's `--out` and the desktop call. A job's report is
 * put together here from its kind's module (core/kinds) and the building blocks in core/reports.
 */
export { writeJobReport, writeAnnotatedCopy, refuseOverwritingInput } from './job-report'
export type { JobReportOptions } from './job-report'
export { writeDirectoryReport } from './directory-report'
export type { DirectoryReportOptions } from './directory-report'
export { formatFromName, ReportError, MAX_ANNOTATED_ROWS, literalCell, csvField, labelsFor } from '../reports'
export type { ReportResult, ReportLang, ReportLabels, ReportFormat } from '../reports'
export { MAX_THUMBNAIL_ROWS } from '../kinds/face-match/thumbnails'
