import type { Command } from 'commander'
import type { VerifyOptions } from '../verify-command'

/** rekap verify <report.xlsx>: is this the report rekap wrote, and if not, where was it changed? */
export function register(program: Command): void {
  program
    .command('verify')
    .description('Check that a report is the one rekap wrote: exit 0 "unchanged", or exit 1 naming the changed sheet, row and column')
    .argument('<report>', 'the .xlsx report to check')
    .option('--db <file>', 'the rekap data file that wrote it (default: REKAP_DB or the app data folder, when it holds the job)')
    .option('--json', 'print the result as JSON')
    .action(async (report: string, opts: VerifyOptions) => {
      const { verifyCommand } = await import('../verify-command')
      process.exitCode = await verifyCommand(report, opts)
    })
}
