/**
 * Where the CLI takes the API key from, in order: `--key-file FILE`, `--key -` (standard input),
 * `--key KEY`, the REKAP_API_KEY environment variable. `--key KEY` works but warns: the key then
 * sits in the process list (`ps`) and the shell's history for every user of the machine to read.
 * The key is only ever passed in memory: rekap starts no child process that receives it.
 *
 * The key the command line gives is for the address the command line gives (`--base-url`, or the
 * job's own address on resume). The desktop app's stored key is encrypted by the OS keychain and
 * bound to the host confirmed in Settings; the CLI never reads it.
 */
import { readFile } from 'node:fs/promises'
import { text } from 'node:stream/consumers'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

export interface KeyFlags {
  key?: string
  keyFile?: string
}

function oneKey(raw: string, from: string): string {
  const key = raw.trim()
  if (!key) throw new CliError(t().key.empty(from), EXIT.usage)
  if (/\s/.test(key)) throw new CliError(t().key.notOne(from), EXIT.usage)
  return key
}

export async function readCliKey(
  flags: KeyFlags,
  env: NodeJS.ProcessEnv = process.env,
  stdin: NodeJS.ReadableStream = process.stdin,
  warn: (line: string) => void = (line) => process.stderr.write(line),
): Promise<string | undefined> {
  if (flags.key !== undefined && flags.keyFile !== undefined) {
    throw new CliError(t().key.both, EXIT.usage)
  }
  if (flags.keyFile !== undefined) {
    let raw: string
    try {
      raw = await readFile(flags.keyFile, 'utf8')
    } catch (err) {
      throw new CliError(t().key.unreadable(flags.keyFile, (err as NodeJS.ErrnoException).code ?? (err as Error).message), EXIT.usage)
    }
    return oneKey(raw, `--key-file ${flags.keyFile}`)
  }
  if (flags.key === '-') return oneKey(await text(stdin), t().key.stdin)
  if (flags.key) {
    warn(t().key.warning)
    return oneKey(flags.key, '--key')
  }
  const fromEnv = env.REKAP_API_KEY?.trim()
  return fromEnv ? fromEnv : undefined
}
