import { Command, Option } from 'commander'
import { addPlanOptions } from '../plan-options'

/** `rekap directory export`: the local directory cache as a report, without a job (as the app's Directory screen). */
export function register(program: Command): void {
  const directory = program.command('directory')
  directory
    .command('export')
    .addOption(new Option('--kind <kind>').choices(['hospitals', 'schools']).makeOptionMandatory())
    .requiredOption('--out <file>')
    .option('--province <codes>')
    .option('--regency <codes>')
    .option('--class <class>')
    .option('--type <type>')
    .option('--ownership <ownership>')
    .option('--blu-status <status>')
    .option('--grade <grade>')
    .addOption(new Option('--status <status>').choices(['N', 'S']))
    .option('--name <text>')
    .option('--base-url <url>')
    .option('--tz <zone>')
    .option('--db <file>')
    .action(async (opts) => {
      const { directoryExportCommand } = await import('../directory-export')
      process.exitCode = await directoryExportCommand(opts)
    })
  const search = directory
    .command('search')
    .argument('<query>')
    .option('--base-url <url>')
    .option('--key <key>')
    .option('--key-file <file>')
    .option('--auth-header <name>', '', 'x-api-service-id')
    .option('--db <file>')
    .option('--json')
  addPlanOptions(search).action(async (query: string, opts) => {
    const { schoolSearchCommand } = await import('../school-search-command')
    process.exitCode = await schoolSearchCommand(query, opts)
  })
}
