import { realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { makeProblem } from './import-error'
import type { CellValue, ImportProblem, ImportProblemCode } from './types'

/**
 * Turns a cell's image reference into an absolute path. Relative paths are read from the workbook's
 * folder; a relative path that climbs out of it (`..`) or a symbolic link inside it that points
 * elsewhere is refused unless the user allows it, so a shared workbook cannot make rekap upload
 * arbitrary files from the computer. Absolute paths and file:// URLs are the user's explicit choice.
 */

export interface ImageRefLocation {
  file: string
  sheet: string
  row: number
  column: string
}

export type ImageRefResult =
  | { ok: true; path: string }
  | { ok: false; code: ImportProblemCode; reason: string; problem?: ImportProblem }

export interface ResolveImageRefOptions {
  allowOutside?: boolean
  /** where the reference came from: when given, a failure carries a full problem naming it */
  at?: ImageRefLocation
}

function isInside(dir: string, target: string): boolean {
  const rel = path.relative(dir, target)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

async function check(value: CellValue, workbookDir: string, allowOutside: boolean): Promise<ImageRefResult> {
  const fail = (code: ImportProblemCode, reason: string): ImageRefResult => ({ ok: false, code, reason })
  if (value === null || (typeof value === 'string' && value.trim() === '')) {
    return fail('image-ref-empty', 'no picture path in the cell')
  }
  if (typeof value !== 'string') return fail('image-ref-invalid', `"${String(value)}" is not a picture path`)
  const text = value.trim().replace(/^"(.*)"$/, '$1')
  let ref: string
  if (/^file:/i.test(text)) {
    try {
      ref = fileURLToPath(text)
    } catch {
      return fail('image-ref-invalid', `"${text}" is not a valid file:// address`)
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return fail('image-ref-invalid', `web addresses are not downloaded (${text}); save the picture next to the workbook and put its file name in the cell`)
  } else {
    ref = text
  }
  if (process.platform !== 'win32') {
    if (/^[a-zA-Z]:[\\/]/.test(ref) || ref.startsWith('\\\\')) {
      return fail('image-ref-invalid', `"${text}" is a Windows path that cannot be opened on this computer; use a path relative to the workbook's folder`)
    }
    ref = ref.replace(/\\/g, '/')
  }
  const explicit = path.isAbsolute(ref)
  const base = path.resolve(workbookDir)
  const target = path.resolve(base, ref)
  if (!explicit && !allowOutside && !isInside(base, target)) {
    return fail('image-ref-outside', `the path leaves the workbook's folder: ${text} (allow pictures outside the workbook's folder to use it)`)
  }
  let info
  try {
    info = await stat(target)
  } catch {
    return fail('image-ref-not-found', `file not found: ${text}`)
  }
  if (!info.isFile()) return fail('image-ref-not-found', `not a file (a folder?): ${text}`)
  if (!explicit && !allowOutside) {
    const [realBase, realTarget] = await Promise.all([realpath(base), realpath(target)])
    if (!isInside(realBase, realTarget)) {
      return fail('image-ref-outside', `the path is a link to a file outside the workbook's folder: ${text} (allow pictures outside the workbook's folder to use it)`)
    }
  }
  return { ok: true, path: target }
}

export async function resolveImageRef(
  value: CellValue,
  workbookDir: string,
  opts: ResolveImageRefOptions = {},
): Promise<ImageRefResult> {
  const result = await check(value, workbookDir, opts.allowOutside ?? false)
  if (!result.ok && opts.at) {
    result.problem = makeProblem({
      ...opts.at,
      value: value === null ? undefined : String(value),
      code: result.code,
      reason: result.reason,
    })
  }
  return result
}
