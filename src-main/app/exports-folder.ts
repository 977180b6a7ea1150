import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { assertWritableOutput } from '../core/paths/output-path'

/**
 * Makes the folder of an export when missing (Settings may name one not made yet). A file in its
 * way, or a folder the app may not write, is said as the CLI says it (OutputPathError, in the
 * page's language), not as the system's English.
 */
export async function makeFolderFor(out: string): Promise<void> {
  try {
    await mkdir(dirname(out), { recursive: true })
  } catch (err) {
    assertWritableOutput(out, (err as NodeJS.ErrnoException).code ?? 'EIO')
    throw err
  }
}
