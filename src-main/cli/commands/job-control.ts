import type { Command } from 'commander'
import { parseMoney } from '../option-parsers'
import { addPlanOptions } from '../plan-options'

/** rekap jobs | resume | retry-failed | cancel: manage jobs kept in the local store. */
export function register(program: Command): void {
  program
    .command('jobs')
    .description('List jobs in the local store')
    .option('--db <file>', 'rekap data file')
    .option('--json', 'print a JSON array of { id, kind, state, counts }')
    .action(async (opts) => {
      const { listJobsCommand } = await import('../job-control')
      process.exitCode = await listJobsCommand(opts)
    })
  for (const [name, description] of [
    ['resume', 'Continue a paused, blocked or interrupted job (after a top-up, a crash, a new month)'],
    ['retry-failed', 'Run only the failed rows of a job again, as a new attempt in the same job'],
    ['pause', 'Pause a job (also one another rekap process or the app is running: it stops within a second)'],
    ['cancel', 'Cancel a job; what is done is kept (a job another process runs is asked to stop)'],
  ] as const) {
    const cmd = program
      .command(name)
      .description(description)
      .argument('<job>', 'job id (a unique prefix is enough)')
      .option('--db <file>', 'rekap data file')
      .option('--json', 'print one JSON summary')
    if (name !== 'cancel' && name !== 'pause') {
      cmd
        .option('--out <report>', 'write the report when the job ends')
        .option('--key <key>', 'API key; "-" reads it from standard input (prefer --key-file or REKAP_API_KEY)')
        .option('--key-file <file>', 'read the API key from this file')
        .option('--resend-uncertain', 'also re-send rows left uncertain by a crash (may charge twice)')
        .option('--budget <rp>', 'a new spending limit for the job, in Rupiah', parseMoney)
        .option('--balance <rp>', 'the balance you know of now (after a top-up), in Rupiah', parseMoney)
        .option('--verbose', 'log details to stderr')
      addPlanOptions(cmd)
    }
    cmd.action(async (job: string, opts) => {
      const mod = await import('../job-control')
      process.exitCode = await mod.jobControlCommand(name, job, opts)
    })
  }
}
