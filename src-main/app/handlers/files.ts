import { stat } from 'node:fs/promises'
import { AppError } from '../app-error'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'

/** A plain-words refusal when the path is not a readable file (before the importer sees it). */
export async function requireFile(file: string, field = 'path'): Promise<void> {
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
      await requireFile(path)
      return ctx.engine.inspect(path, { sheet, kind })
    },
  }
}
