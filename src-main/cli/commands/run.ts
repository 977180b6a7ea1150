import { Command, Option } from 'commander'
import { JOB_KINDS } from '../../contract/job-kinds'
import { parseMoney, parsePositive, parseBand, collect, parseNonNegativeInt } from '../option-parsers'
import { addPlanOptions } from '../plan-options'

export function register(program: Command): void {
  const cmd = program
    .command('run')
    .argument('<file>')
    .addOption(new Option('--kind <kind>').choices([...JOB_KINDS]))
    .option('--sheet <name>')
    .option('--map <field=Header>', '', collect, [])
    .option('--out <report>')
    .option('--base-url <url>')
    .option('--key <key>')
    .option('--key-file <file>')
    .option('--auth-header <name>', '', 'x-api-service-id')
    .option('--budget <rp>', '', parseMoney)
    .option('--balance <rp>', '', parseMoney)
    .option('--rps <n>', '', parsePositive)
    .option('--concurrency <n>', '', parsePositive)
    .option('--name <text>')
    .option('--services <words>')
    .option('--accreditation <value>')
    .option('--reuse-days <n>', '', parseNonNegativeInt, 30)
    .option('--review-band <low,high>', '', parseBand)
    .option('--db <file>')
    .option('--dry-run')
    .option('--yes')
    .option('--json')
    .option('--resend-uncertain')
    .option('--allow-outside-paths')
    .option('--verbose')
  addPlanOptions(cmd).action(async (file: string, opts) => {
      const { runCommand } = await import('../run-job')
      process.exitCode = await runCommand(file, opts)
    })
}
