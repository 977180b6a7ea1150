import { Command, CommanderError, Option } from 'commander'
import { parsePositive } from '../option-parsers'
import type { ReviewOptions } from '../review-command'
import type { TeamReviewOptions } from '../team-review-command'

/**
 * rekap review <job>: the queue of doubtful pairs, and decisions taken from the command line.
 * With --team (or REKAP_TEAM): the team's one queue of every desk's pairs (no job needed).
 */
export function register(program: Command): void {
  program
    .command('review')
    .argument('[job]')
    .option('--list')
    .option('--json')
    .option('--row <n>', '', parsePositive)
    .addOption(new Option('--decision <decision>').choices(['approve', 'reject', 'retake', 'skip', 'flag']))
    .option('--by <name>')
    .option('--note <text>')
    .option('--db <file>')
    .option('--next')
    .option('--count <n>', '', parsePositive)
    .option('--claim-minutes <m>', '', parsePositive)
    .option('--item <ids>')
    .action(async (job: string | undefined, opts: ReviewOptions & TeamReviewOptions, cmd: Command) => {
      const { teamConfigOf } = await import('../team-options')
      const team = teamConfigOf(cmd)
      if (team) {
        const { teamReviewCommand } = await import('../team-review-command')
        process.exitCode = await teamReviewCommand(team, job, opts)
        return
      }
      // without the team, the job is required as it always was (the same usage error commander gives)
      if (job === undefined) throw new CommanderError(1, 'commander.missingArgument', "error: missing required argument 'job'")
      const { reviewCommand } = await import('../review-command')
      process.exitCode = await reviewCommand(job!, opts)
    })
}
