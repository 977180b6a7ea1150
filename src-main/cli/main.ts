import { Command, CommanderError } from 'commander'
import { REKAP_VERSION } from '../core/version'
import { EXIT } from './exit-codes'
import { registerCommands } from './commands/index'

/** Builds the `rekap` program; exported so tests can drive it without a child process. */
export function buildProgram(): Command {
  const program = new Command()
  program
    .name('rekap')
    .description(
      'Batch runner for the Indonesia reference-data and face-match service:\n' +
        'KYC face checks, hospital and school directory extracts, auditor-ready Excel reports.',
    )
    .version(REKAP_VERSION, '-V, --version', 'print the rekap version')
    .showHelpAfterError()
  registerCommands(program)
  return program
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram()
  program.exitOverride()
  try {
    await program.parseAsync(argv)
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version land here with exit code 0; usage errors get 2.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage
      return
    }
    const message = err instanceof Error ? err.message : String(err)
    process.stderr.write(`rekap: ${message}\n`)
    process.exitCode = (err as { exitCode?: number }).exitCode ?? EXIT.unexpected
  }
}
