import { accessSync, constants, statSync, type Stats } from 'node:fs'
import { dirname } from 'node:path'
import { coreText, TextError, type CoreText } from '../texts/core-text'

/** What stands in the way of writing a file at a path: the one finding the texts of each caller word. */
export type PathCause =
  | { kind: 'noFolder'; folder: string }
  | { kind: 'folderIsFile'; folder: string }
  | { kind: 'isFolder' }
  | { kind: 'notWritable'; folder: string; code: string }

/**
 * Why a file cannot be written at `out`; null when nothing is in the way. `failedWith` is the errno
 * an attempt got (a cause the checks cannot see); `makesFolders`: the writer makes a missing folder
 * itself, so the folder that must be writable is the nearest one that exists.
 */
export function pathCause(out: string, failedWith?: string, o: { makesFolders?: boolean } = {}): PathCause | null {
  const folder = dirname(out)
  const existing = nearestExisting(folder)
  const missing = existing.path !== folder && existing.stat?.isDirectory()
  if (missing && !o.makesFolders) return { kind: 'noFolder', folder }
  if (!existing.stat?.isDirectory()) return { kind: 'folderIsFile', folder: existing.path }
  if (!missing && statOrNull(out)?.isDirectory()) return { kind: 'isFolder' }
  const denied = accessCode(existing.path)
  if (denied) return { kind: 'notWritable', folder: existing.path, code: denied }
  return failedWith ? { kind: 'notWritable', folder: existing.path, code: failedWith } : null
}

/**
 * Why a report, CSV or record cannot be written at `out`, as a core text; null when it can.
 * The one decision every command that writes a file asks (before it opens the file, and again
 * with the system's error code when opening failed anyway), so the CLI and the app name the
 * same cause in the user's language instead of the system's English.
 */
export function outputPathProblem(out: string, failedWith?: string): CoreText | null {
  const cause = pathCause(out, failedWith)
  if (!cause) return null
  if (cause.kind === 'noFolder') return coreText('output.noFolder', { file: out, folder: cause.folder })
  if (cause.kind === 'folderIsFile') return coreText('output.folderIsFile', { file: out, folder: cause.folder })
  if (cause.kind === 'isFolder') return coreText('output.isFolder', { file: out })
  return coreText('output.notWritable', { file: out, folder: cause.folder, code: cause.code })
}

/** A path that cannot be written: bad input (exit 2 in the CLI, invalid-input in the app), never a crash. */
export class OutputPathError extends TextError {
  /** the CLI's usage exit code (cli/exit-codes.ts EXIT.usage), read by main() */
  readonly exitCode = 2
}

/** Throws OutputPathError when `out` cannot be written; `failedWith` is the errno an attempt got. */
export function assertWritableOutput(out: string, failedWith?: string): void {
  const problem = outputPathProblem(out, failedWith)
  if (problem) throw new OutputPathError(problem)
}

/** The folder itself when it exists, else its nearest ancestor that does (a file there is the cause). */
function nearestExisting(folder: string): { path: string; stat: Stats | null } {
  let path = folder
  for (;;) {
    const stat = statOrNull(path)
    if (stat || dirname(path) === path) return { path, stat }
    path = dirname(path)
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path)
  } catch {
    return null
  }
}

function accessCode(folder: string): string | null {
  try {
    accessSync(folder, constants.W_OK)
    return null
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'EACCES'
  }
}
