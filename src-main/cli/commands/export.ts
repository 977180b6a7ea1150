import { Command, Option } from 'commander'
import type { ExportOptions } from '../export-command'

/** rekap export <job> --out F: the job's report (or an annotated copy of the user's workbook) from the local store. */
export function register(program: Command): void {
  program
    .command('export')
    .argument('<job>')
    .requiredOption('--out <file>')
    .addOption(new Option('--format <format>').choices(['xlsx', 'csv']))
    .option('--db <file>')
    .option('--tz <zone>')
    .option('--thumbnails')
    .option('--annotated')
    .action(async (job: string, opts: ExportOptions) => {
      const { exportCommand } = await import('../export-command')
      process.exitCode = await exportCommand(job, opts)
    })
}
