/**
 * The keys `rekap sandbox` accepts, in order: `--key-file FILE` and `--key KEY` (together, all of
 * them), else REKAP_SANDBOX_KEYS (comma-separated), else none (the sandbox's public default).
 * `--key KEY` works but warns: the key then sits in the process list (`ps`) and the shell's
 * history for every user of the machine to read. The same rule as `rekap run`'s key (cli-key.ts).
 */
import { readFileSync } from 'node:fs'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

export interface SandboxKeyFlags {
  key: string[]
  keyFile?: string
}

/** Keys in a text: separated by line breaks, spaces or commas (a key has none of them). */
function keysIn(raw: string): string[] {
  return raw.split(/[\s,]+/).filter((k) => k !== '')
}

export function sandboxKeys(
  flags: SandboxKeyFlags,
  env: NodeJS.ProcessEnv = process.env,
  warn: (line: string) => void = (line) => process.stderr.write(line),
): string[] {
  const keys: string[] = []
  if (flags.keyFile !== undefined) {
    let raw: string
    try {
      raw = readFileSync(flags.keyFile, 'utf8')
    } catch (err) {
      throw new CliError(t().key.unreadable(flags.keyFile, (err as NodeJS.ErrnoException).code ?? (err as Error).message), EXIT.usage)
    }
    const fromFile = keysIn(raw)
    if (fromFile.length === 0) throw new CliError(t().key.empty(`--key-file ${flags.keyFile}`), EXIT.usage)
    keys.push(...fromFile)
  }
  if (flags.key.length > 0) {
    warn(t().key.sandboxWarning)
    keys.push(...flags.key)
  }
  if (keys.length > 0) return keys
  return keysIn(env.REKAP_SANDBOX_KEYS ?? '')
}
