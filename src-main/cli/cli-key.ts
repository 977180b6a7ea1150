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

export interface KeyFlags {
  key?: string
  keyFile?: string
}

const KEY_WARNING =
  'rekap: warning: --key puts the API key in the process list and your shell history, where other users of this ' +
  'computer can read it; prefer --key-file FILE, --key - (read from standard input) or REKAP_API_KEY\n'

function oneKey(raw: string, from: string): string {
  const key = raw.trim()
  if (!key) throw new CliError(`${from} holds no API key (it is empty)`, EXIT.usage)
  if (/\s/.test(key)) throw new CliError(`${from} must hold only the API key: it has spaces or several lines`, EXIT.usage)
  return key
}

export async function readCliKey(
  flags: KeyFlags,
  env: NodeJS.ProcessEnv = process.env,
  stdin: NodeJS.ReadableStream = process.stdin,
  warn: (line: string) => void = (line) => process.stderr.write(line),
): Promise<string | undefined> {
  if (flags.key !== undefined && flags.keyFile !== undefined) {
    throw new CliError('give the API key once: --key or --key-file, not both', EXIT.usage)
  }
  if (flags.keyFile !== undefined) {
    let raw: string
    try {
      raw = await readFile(flags.keyFile, 'utf8')
    } catch (err) {
      throw new CliError(`--key-file ${flags.keyFile}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, EXIT.usage)
    }
    return oneKey(raw, `--key-file ${flags.keyFile}`)
  }
  if (flags.key === '-') return oneKey(await text(stdin), '--key - (standard input)')
  if (flags.key) {
    warn(KEY_WARNING)
    return oneKey(flags.key, '--key')
  }
  const fromEnv = env.REKAP_API_KEY?.trim()
  return fromEnv ? fromEnv : undefined
}
