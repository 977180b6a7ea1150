import { accessSync, constants, statSync, type Stats } from 'node:fs'
import { dirname } from 'node:path'
import { coreText, TextError, type CoreText } from '../texts/core-text'

/**
 * Why a report, CSV or record cannot be written at `out`, as a core text; null when it can.
 * The one decision every command that writes a file asks (before it opens the file, and again
 * with the system's error code when opening failed anyway), so the CLI and the app name the
 * same cause in the user's language instead of the system's English.
 */
export function outputPathProblem(out: string, failedWith?: string): CoreText | null {
  const folder = dirname(out)
  const existing = nearestExisting(folder)
  if (existing.path !== folder && existing.stat?.isDirectory()) return coreText('output.noFolder', { file: out, folder })
  if (!existing.stat?.isDirectory()) return coreText('output.folderIsFile', { file: out, folder: existing.path })
  if (statOrNull(out)?.isDirectory()) return coreText('output.isFolder', { file: out })
  const denied = accessCode(folder)
  if (denied) return coreText('output.notWritable', { file: out, folder, code: denied })
  return failedWith ? coreText('output.notWritable', { file: out, folder, code: failedWith }) : null
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
