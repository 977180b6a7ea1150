import { Command, Option } from 'commander'
import { parsePositive } from '../option-parsers'
import type { ReviewOptions } from '../review-command'

/** rekap review <job>: the queue of doubtful pairs, and decisions taken from the command line. */
export function register(program: Command): void {
  program
    .command('review')
    .argument('<job>')
    .option('--list')
    .option('--json')
    .option('--row <n>', '', parsePositive)
    .addOption(new Option('--decision <decision>').choices(['approve', 'reject', 'retake', 'skip', 'flag']))
    .option('--by <name>')
    .option('--note <text>')
    .option('--db <file>')
    .action(async (job: string, opts: ReviewOptions) => {
      const { reviewCommand } = await import('../review-command')
      process.exitCode = await reviewCommand(job, opts)
    })
}
