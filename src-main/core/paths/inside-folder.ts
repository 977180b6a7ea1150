/**
 * The one "is this file inside that folder" rule (photo paths from a workbook, browser-mode file
 * access). Lexical first, so a refused path is never touched (its existence stays unknown); then the
 * real path, so a symbolic link inside the folder cannot point out of it.
 */
import { lstat, realpath } from 'node:fs/promises'
import path from 'node:path'

export function isInside(dir: string, target: string): boolean {
  const rel = path.relative(dir, target)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

export type InsideCheck = 'inside' | 'outside' | 'link-outside' | 'missing'

/** `target` must be absolute. 'missing' only for a path that is lexically inside one of `folders`. */
export async function checkInsideFolders(folders: string[], target: string): Promise<InsideCheck> {
  const lexical = folders.filter((f) => isInside(path.resolve(f), target))
  if (lexical.length === 0) return 'outside'
  // one lstat first: a photo path that names nothing (the common failure, one per row of a sheet
  // whose photos are elsewhere) costs one failed call instead of a failed realpath and an lstat
  const entry = await lstat(target).catch(() => null)
  if (!entry) return 'missing'
  let real: string
  try {
    real = await realpath(target)
  } catch {
    // a dangling link may point anywhere: say nothing about where
    return entry.isSymbolicLink() ? 'link-outside' : 'missing'
  }
  for (const f of lexical) {
    const realFolder = await realpath(f).catch(() => path.resolve(f))
    if (isInside(realFolder, real)) return 'inside'
  }
  return 'link-outside'
}
