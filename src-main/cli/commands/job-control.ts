import { CommanderError, type Command } from 'commander'
import { parseMoney } from '../option-parsers'
import { addPlanOptions } from '../plan-options'

const PRUNE_FLAGS = [['olderThan', '--older-than'], ['yes', '--yes'], ['reportDir', '--report-dir']] as const

/** Ends the command with the usage exit code and one line in the user's language (loaded only then). */
async function refuseUsage(say: (t: ReturnType<typeof import('../cli-language').t>) => string): Promise<never> {
  const [{ CliError, EXIT }, { t }] = await Promise.all([import('../exit-codes'), import('../cli-language')])
  throw new CliError(say(t()), EXIT.usage)
}

/** rekap jobs | resume | retry-failed | cancel: manage jobs kept in the local store. */
export function register(program: Command): void {
  const jobs = program
    .command('jobs')
    .option('--db <file>')
    .option('--json')
    .option('--prune')
    .option('--older-than <age>')
    .option('--yes')
    .option('--report-dir <folder>')
    .action(async (opts) => {
      if (opts.prune) {
        // prune says what it deleted in lines only: --json was taken and silently ignored
        if (opts.json) await refuseUsage((t) => t.usage.notWithPrune('--json'))
        const { pruneJobsCommand } = await import('../housekeeping-command')
        process.exitCode = await pruneJobsCommand(opts.olderThan, opts)
        return
      }
      // --older-than, --yes and --report-dir are --prune's: alone they were ignored and the list shown instead
      const pruneFlag = PRUNE_FLAGS.find(([key]) => opts[key] !== undefined)?.[1]
      if (pruneFlag) await refuseUsage((t) => t.usage.onlyWithPrune(pruneFlag))
      const { listJobsCommand } = await import('../jobs-list-command')
      process.exitCode = await listJobsCommand(opts)
    })
  jobs
    .command('delete')
    .argument('<job>')
    .option('--db <file>')
    .option('--yes')
    .option('--report-dir <folder>')
    .hook('preAction', refuseParentOnlyFlags)
    .action(async (job: string, _opts, command: Command) => {
      const { deleteJobCommand } = await import('../housekeeping-command')
      // `jobs` declares --db, --yes and --report-dir too: commander gives them to whichever it meets first
      process.exitCode = await deleteJobCommand(job, command.optsWithGlobals())
    })
  for (const name of ['resume', 'retry-failed', 'pause', 'cancel'] as const) {
    const cmd = program
      .command(name)
      .argument('<job>')
      .option('--db <file>')
      .option('--json')
    if (name !== 'cancel' && name !== 'pause') {
      cmd
        .option('--out <report>')
        .option('--key <key>')
        .option('--key-file <file>')
        .option('--resend-uncertain')
        .option('--budget <rp>', '', parseMoney)
        .option('--balance <rp>', '', parseMoney)
        .option('--verbose')
        .option('--record-json <file>')
        .option('--junit <file>')
      addPlanOptions(cmd)
    }
    cmd.action(async (job: string, opts) => {
      const mod = await import('../job-control')
      process.exitCode = await mod.jobControlCommand(name, job, opts)
    })
  }
}

/**
 * `rekap jobs delete X --prune`: commander hands `--prune`, `--older-than` and `--json` to `jobs`,
 * whose action does not run; refused as unknown (as the help, which does not list them, says).
 */
function refuseParentOnlyFlags(_parent: Command, command: Command): void {
  const parent = command.parent
  if (!parent) return
  for (const o of parent.options) {
    const own = command.options.some((c) => c.long === o.long)
    if (!own && parent.getOptionValueSource(o.attributeName()) === 'cli') {
      throw new CommanderError(2, 'commander.unknownOption', `error: unknown option '${o.long}'`)
    }
  }
}
