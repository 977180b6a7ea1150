import { usePrivateFileModes } from '../core/paths/private-files'
import { Command, CommanderError, Option } from 'commander'
import { REKAP_VERSION } from '../core/version'
import { EXIT } from './exit-codes'
import { registerCommands } from './commands/index'
import { langFlagOf, pickCliLanguage, setCliLanguage, systemLocale, t } from './cli-language'
import { commandPathOf, usageReason } from './usage-error'
import { coreMessage } from './core-message'
import { helpConfiguration, localizeHelp } from './help-language'
import { rememberCommand } from './team-command-ref'
import { guardTerminal } from './terminal-text'
import { namedDiskFull } from '../core/paths/disk-full'
import { openedDataFile } from './opened-data-file'

/** Builds the `rekap` program; exported so tests can drive it without a child process. */
export function buildProgram(): Command {
  const program = new Command()
  const help = t().help
  program
    .name('rekap')
    .version(REKAP_VERSION, '-V, --version')
    .addOption(new Option('--lang <lang>').choices(['id', 'en']))
    // team mode on every command (README "Team mode"); the password never goes in argv
    .option('--team <url>')
    .option('--team-password-file <file>')
    .option('--team-insecure')
    .option('--team-desk <name>')
    .configureHelp(helpConfiguration(help))
    // Set before the subcommands are added so they inherit it: usage errors are thrown, not
    // printed with the whole help, and main() prints one line in the user's language.
    .exitOverride()
    .configureOutput({ outputError: () => {} })
  registerCommands(program)
  // the team a command works in (--team / REKAP_TEAM), for every engine it opens
  program.hook('preAction', (_program, action) => rememberCommand(action))
  // descriptions of commands, options and arguments, in the language main() chose
  localizeHelp(program, help)
  return program
}

export async function main(argv: string[]): Promise<void> {
  // reports, the store and extracted photos hold other people's data: 0600 files, 0700 folders
  usePrivateFileModes()
  // workbook and service text never reaches the terminal as control sequences (issue 24 item 5)
  guardTerminal(process.stdout)
  guardTerminal(process.stderr)
  endQuietlyWhenReaderGoes()
  const args = argv.slice(2)
  setCliLanguage(pickCliLanguage({ flag: langFlagOf(args), env: process.env.REKAP_LANG, systemLocale: systemLocale() }))
  const program = buildProgram()
  try {
    await program.parseAsync(argv)
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = usageExit(err, args, program)
      return
    }
    const full = namedDiskFull(err, openedDataFile())
    const message = coreMessage(full ?? err)
    const exitCode = (err as { exitCode?: number }).exitCode ?? EXIT.unexpected
    // a full disk is a disk error (exit 1, the README's), said as what it is, never as a bug
    process.stderr.write(exitCode === EXIT.unexpected && !full ? `${t().unexpected(message)}\n` : `rekap: ${message}\n`)
    process.exitCode = exitCode
  }
}

/**
 * `rekap jobs | head -3`: the reader has what it wanted and closed the pipe. Writing on gets
 * EPIPE, which is no failure of rekap's: end at once, quietly, with the exit code so far.
 */
function endQuietlyWhenReaderGoes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err
      process.exit(typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok)
    })
  }
}

/** --help / --version end with 0; every usage error with 2, a one-line reason and where to read more. */
function usageExit(err: CommanderError, args: string[], program: Command): number {
  if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok
  // `rekap` alone: commander has printed the help (that is the answer), still a usage error.
  if (err.code === 'commander.help' || err.code === 'commander.executeSubCommandAsync') return EXIT.usage
  const m = t()
  const where = commandPathOf(args, program)
  process.stderr.write(`rekap: ${usageReason(err, m)}\n${m.usage.hint(where)}\n`)
  return EXIT.usage
}
