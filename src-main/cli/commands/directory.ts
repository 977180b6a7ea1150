import { Command, Option } from 'commander'
import { addPlanOptions } from '../plan-options'

/** `rekap directory export`: the local directory cache as a report, without a job (as the app's Directory screen). */
export function register(program: Command): void {
  const directory = program.command('directory').description('The local directory cache of hospitals and schools (synced by directory jobs or the app)')
  directory
    .command('export')
    .description('Write the cached hospitals or schools to a report (works offline; no job, no calls): summary, records, pivots')
    .addOption(new Option('--kind <kind>', 'which directory').choices(['hospitals', 'schools']).makeOptionMandatory())
    .requiredOption('--out <file>', 'report file (.xlsx, or .csv for the records only)')
    .option('--province <codes>', 'province codes, comma-separated (e.g. 51,52); hospitals only')
    .option('--regency <codes>', 'regency/city codes, comma-separated (e.g. 5171)')
    .option('--class <class>', 'hospital class (A, B, C, D…)')
    .option('--type <type>', 'hospital type')
    .option('--ownership <ownership>', 'hospital ownership')
    .option('--blu-status <status>', 'hospital BLU status')
    .option('--grade <grade>', 'school level (SD, SMP, SMA, SMK…)')
    .addOption(new Option('--status <status>', 'school status: N (negeri) or S (swasta)').choices(['N', 'S']))
    .option('--name <text>', 'name contains')
    .option('--base-url <url>', 'the records fetched from this service (default: those of the embedded sandbox, as rekap run without --base-url)')
    .option('--db <file>', 'rekap data file (default: the app data folder, or REKAP_DB)')
    .action(async (opts) => {
      const { directoryExportCommand } = await import('../directory-export')
      process.exitCode = await directoryExportCommand(opts)
    })
  const search = directory
    .command('search')
    .description('Search schools by name, NPSN or address with the service (premium accounts; 403 otherwise, explained)')
    .argument('<query>', 'text to search for, e.g. "SMA Negeri 1"')
    .option('--base-url <url>', 'service base URL (omit, with no key, to use the embedded sandbox)')
    .option('--key <key>', 'API key; "-" reads it from standard input (prefer --key-file or REKAP_API_KEY)')
    .option('--key-file <file>', 'read the API key from this file')
    .option('--auth-header <name>', 'the header that carries the API key', 'x-api-service-id')
    .option('--db <file>', 'rekap data file (counts the hit for the account)')
    .option('--json', 'print {rows, premiumRequired} as JSON')
  addPlanOptions(search).action(async (query: string, opts) => {
    const { schoolSearchCommand } = await import('../school-search-command')
    process.exitCode = await schoolSearchCommand(query, opts)
  })
}
