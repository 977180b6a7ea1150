import { stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { makeProblem } from './import-error'
import type { CellValue, ImportProblem, ImportProblemCode } from './types'

import { checkInsideFolders, isInside } from '../paths/inside-folder'

/**
 * Turns a cell's image reference into an absolute path. Paths are read from the workbook's folder.
 * Anything that leaves it, an absolute path, a file:// address, a `..` climb or a symbolic link
 * pointing elsewhere, is refused unless the user allows it (`--allow-outside-paths`, or the setting
 * in the app): a workbook is often someone else's, and each photo it names is uploaded to the paid
 * service. A refused path is never opened, so the message cannot tell whether such a file exists.
 * Allowed outside paths are reported (`outside: true`) so pre-flight can list them.
 */

export interface ImageRefLocation {
  file: string
  sheet: string
  row: number
  column: string
}

export type ImageRefResult =
  | { ok: true; path: string; outside: boolean }
  | { ok: false; code: ImportProblemCode; reason: string; problem?: ImportProblem }

export interface ResolveImageRefOptions {
  allowOutside?: boolean
  /** where the reference came from: when given, a failure carries a full problem naming it */
  at?: ImageRefLocation
}

/** The refusal, the same words whether or not the file exists; names the way to allow it. */
export function outsideRefusal(text: string, workbookDir: string): string {
  return (
    `the photo path ${text} is outside the workbook's folder (${workbookDir}); rekap only reads photos inside it. ` +
    `Move the photo next to the workbook, or allow paths outside it: rekap run --allow-outside-paths ` +
    `(in the app: Settings, "Allow photo paths outside the workbook's folder")`
  )
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
  const base = path.resolve(workbookDir)
  const target = path.resolve(base, ref)
  let outside = !isInside(base, target)
  if (!allowOutside) {
    const where = await checkInsideFolders([base], target)
    if (where === 'outside' || where === 'link-outside') return fail('image-ref-outside', outsideRefusal(text, base))
    if (where === 'missing') return fail('image-ref-not-found', `file not found: ${text}`)
  } else if (!outside) {
    outside = (await checkInsideFolders([base], target)) === 'link-outside'
  }
  let info
  try {
    info = await stat(target)
  } catch {
    return fail('image-ref-not-found', `file not found: ${text}`)
  }
  if (!info.isFile()) return fail('image-ref-not-found', `not a file (a folder?): ${text}`)
  return { ok: true, path: target, outside }
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
