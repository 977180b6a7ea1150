import { stat } from 'node:fs/promises'
import path from 'node:path'
import { checkInsideFolders, isInside } from '../../core/paths/inside-folder'
import { AppError } from '../app-error'
import { coreText, type CoreText } from '../../core/texts/core-text'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'

/**
 * A plain-words refusal when the path is not a readable file (before the importer sees it). In
 * browser mode (`allowedFolders` not null) only files inside the uploads folder and the folders the
 * user added (`rekap ui --folder`) are opened, and a path outside them is refused before it is
 * touched, with the same words whether or not it exists.
 */
/** What the page may ask rekap to open: workbooks, by name, before anything else is looked at. */
const WORKBOOK_NAME = /\.(xlsx|xlsm|csv|zip)$/i

/**
 * The page names a file; a compromised page would name `~/.ssh/id_ed25519` or `.aws/credentials`
 * and read it back as a CSV preview. Only workbook names are opened, and no hidden file or file in
 * a hidden folder (below the allowed folder that holds it; the data folder itself may be hidden).
 */
export function workbookNameProblem(file: string, allowedFolders: string[] | null): CoreText | null {
  const resolved = path.resolve(file)
  if (!WORKBOOK_NAME.test(resolved)) return coreText('app.notWorkbookName', {})
  const base = allowedFolders?.map((f) => path.resolve(f)).find((f) => isInside(f, resolved))
  const parts = base ? path.relative(base, resolved).split(path.sep) : [path.basename(resolved)]
  if (parts.some((p) => p.startsWith('.'))) return coreText('app.hiddenFile', {})
  return null
}

export async function requireFile(file: string, field = 'path', allowedFolders: string[] | null = null): Promise<void> {
  const nameProblem = workbookNameProblem(file, allowedFolders)
  if (nameProblem) throw new AppError('invalid-input', coreText('app.field', { field, why: nameProblem }), field)
  if (allowedFolders) {
    const where = await checkInsideFolders(allowedFolders, path.resolve(file))
    if (where === 'outside' || where === 'link-outside') {
      throw new AppError('invalid-input', coreText('app.field', { field, why: coreText('app.fileOutside', {}) }), field)
    }
  }
  try {
    const info = await stat(file)
    if (!info.isFile()) throw new AppError('invalid-input', coreText('app.notAFile', { file }), field)
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('not-found', coreText('app.fileNotFound', { file }), field)
  }
}

export function filesHandlers(ctx: AppContext): Pick<Handlers, 'files.inspect'> {
  return {
    'files.inspect': async ({ path, sheet, kind }) => {
      await requireFile(path, 'path', ctx.allowedFolders)
      return ctx.engine.inspect(path, { sheet, kind })
    },
  }
}
