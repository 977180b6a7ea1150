import { Command, Option } from 'commander'
import { JOB_KINDS } from '../../contract/job-kinds'
import { parseMoney, parsePositive, parseBand, collect, parseNonNegativeInt } from '../option-parsers'
import { addPlanOptions } from '../plan-options'

/** The flags that say how a job runs: `rekap run` takes them, and `rekap preset save` keeps them. */
export function addRunSettingOptions(cmd: Command): Command {
  cmd
    .addOption(new Option('--kind <kind>').choices([...JOB_KINDS]))
    .option('--sheet <name>')
    .option('--map <field=Header>', '', collect, [])
    .option('--base-url <url>')
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
    .option('--allow-outside-paths')
    .option('--refresh')
  return addPlanOptions(cmd)
}

export function register(program: Command): void {
  const cmd = program
    .command('run')
    .argument('<file>')
    .option('--out <report>')
    .option('--key <key>')
    .option('--key-file <file>')
    .option('--db <file>')
    .option('--dry-run')
    .option('--yes')
    .option('--json')
    .option('--resend-uncertain')
    .option('--verbose')
    .option('--record-json <file>')
    .option('--junit <file>')
    .option('--preset <name>')
  addRunSettingOptions(cmd).action(async (file: string, opts, command: Command) => {
    const { runCommand } = await import('../run-job')
    // presets (and zod, which checks them) load only for --preset: not before every run's first line
    const settings = opts.preset ? (await import('../preset-command')).applyPreset(opts, command) : opts
    process.exitCode = await runCommand(file, settings)
  })
}
