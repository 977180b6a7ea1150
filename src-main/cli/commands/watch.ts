import type { Command } from 'commander'
import { parsePositive } from '../option-parsers'

/** rekap watch DIR --preset NAME: unattended runs of the workbooks that appear in a folder. */
export function register(program: Command): void {
  program
    .command('watch')
    .argument('<folder>')
    .requiredOption('--preset <name>')
    .option('--db <file>')
    .option('--key <key>')
    .option('--key-file <file>')
    .option('--settle-ms <ms>', '', parsePositive)
    .option('--once')
    .option('--on-finish <command>')
    .action(async (folder: string, opts) => {
      const { watchCommand } = await import('../watch-command')
      process.exitCode = await watchCommand(folder, opts)
    })
}
