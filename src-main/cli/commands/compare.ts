import type { Command } from 'commander'
import { collect } from '../option-parsers'

/** rekap compare <a> <b> (job ids or report files): rows added, removed and changed between two runs of one kind. */
export function register(program: Command): void {
  program
    .command('compare')
    .argument('<job-a>')
    .argument('<job-b>')
    .option('--out <report>')
    .option('--db <file>')
    .option('--json')
    .option('--key <header>', '', collect, [])
    .action(async (a: string, b: string, opts) => {
      const { compareCommand } = await import('../compare-command')
      process.exitCode = await compareCommand(a, b, opts)
    })
}
