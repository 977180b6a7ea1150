import { Command, Option } from 'commander'
import { parsePositive } from '../option-parsers'
import type { ReviewOptions } from '../review-command'

/** rekap review <job>: the queue of doubtful pairs, and decisions taken from the command line. */
export function register(program: Command): void {
  program
    .command('review')
    .description('List the pairs of a face-match job that need a person, or record a decision on one')
    .argument('<job>', 'job id (a unique prefix is enough)')
    .option('--list', 'list the review queue (the default when no --row is given)')
    .option('--json', 'with --list: print the queue as JSON')
    .option('--row <n>', 'the row to decide on (the report\'s "ID Baris" / "Row ID")', parsePositive)
    .addOption(new Option('--decision <decision>', 'approve (same person), reject, retake (ask for a new photo), skip, flag').choices(['approve', 'reject', 'retake', 'skip', 'flag']))
    .option('--by <name>', 'who decides (default: the reviewer name set in the app\'s settings)')
    .option('--note <text>', 'a note kept with the decision')
    .option('--db <file>', 'rekap data file (default: the app data folder, or REKAP_DB)')
    .action(async (job: string, opts: ReviewOptions) => {
      const { reviewCommand } = await import('../review-command')
      process.exitCode = await reviewCommand(job, opts)
    })
}
