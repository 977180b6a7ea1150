import { stat } from 'node:fs/promises'
import path from 'node:path'
import { checkInsideFolders } from '../../core/paths/inside-folder'
import { AppError } from '../app-error'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'

/**
 * A plain-words refusal when the path is not a readable file (before the importer sees it). In
 * browser mode (`allowedFolders` not null) only files inside the uploads folder and the folders the
 * user added (`rekap ui --folder`) are opened, and a path outside them is refused before it is
 * touched, with the same words whether or not it exists.
 */
export async function requireFile(file: string, field = 'path', allowedFolders: string[] | null = null): Promise<void> {
  if (allowedFolders) {
    const where = await checkInsideFolders(allowedFolders, path.resolve(file))
    if (where === 'outside' || where === 'link-outside') {
      throw new AppError(
        'invalid-input',
        `${field}: rekap ui only opens files you uploaded or files in the folders it was started with (rekap ui --folder DIR); this path is outside them`,
        field,
      )
    }
  }
  try {
    const info = await stat(file)
    if (!info.isFile()) throw new AppError('invalid-input', `${file} is a folder, not a spreadsheet file`, field)
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('not-found', `File not found: ${file}`, field)
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
