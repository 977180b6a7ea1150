// The relative-path rules of uploads and archives live in core (the watched folder unpacks .zip files too).
export { isJunkPath, pickWorkbook, safeRelativePath } from '../core/paths/archive-paths'
