import { coreText, type CoreText } from '../texts/core-text'
import { isDiskFull } from '../paths/disk-full'

/**
 * Why the system refused to open or read a workbook, as a core text (the file is named by the
 * refusal around it): the system's own words are English, and a bare errno ("ENOENT") says nothing
 * to most users. null when the error is not the system's (a damaged part, a parser's refusal).
 */
export function openFailureReason(err: unknown): CoreText | null {
  const code = (err as { code?: unknown } | null)?.code
  // a full disk is said as such wherever it is met (core/paths/disk-full.ts), never as a refusal of the workbook
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code) || isDiskFull(err)) return null
  if (code === 'ENOENT') return coreText('import.notFound', {})
  if (code === 'EACCES' || code === 'EPERM') return coreText('import.noReadPermission', {})
  if (code === 'EISDIR') return coreText('import.isFolder', {})
  if (code === 'ENOTDIR') return coreText('import.pathThroughFile', {})
  return coreText('import.cannotOpen', { code })
}
