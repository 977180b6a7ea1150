/** Spreadsheet importers: the public surface the batch engine and the CLI use. */
export { openTable, listSheets } from './open-table'
export { autoMap, applyMapOverrides, missingFields, fieldsOf, MapOverrideError } from './auto-map'
export { resolveImageRef } from './image-ref'
export type { ImageRefResult, ImageRefLocation, ResolveImageRefOptions } from './image-ref'
export { ImportError, describeLocation, makeProblem } from './import-error'
export type { ImportErrorCode } from './import-error'
export { isCodeHeader, isNikHeader, headerKey } from './header-names'
export * from './types'
