import type { Command } from 'commander'
import type { VerifyOptions } from '../verify-command'

/** rekap verify <report.xlsx>: is this the report rekap wrote, and if not, where was it changed? */
export function register(program: Command): void {
  program
    .command('verify')
    .argument('<report>')
    .option('--db <file>')
    .option('--json')
    .action(async (report: string, opts: VerifyOptions) => {
      const { verifyCommand } = await import('../verify-command')
      process.exitCode = await verifyCommand(report, opts)
    })
}
