import { Command, Option } from 'commander'
import { JOB_KINDS } from '../../contract/job-kinds'
import { parseMoney, parsePositive, parseBand, collect, parseNonNegativeInt } from '../option-parsers'
import { addPlanOptions } from '../plan-options'

export function register(program: Command): void {
  const cmd = program
    .command('run')
    .description('Run a spreadsheet through the service: pre-flight, cost estimate, throttled calls, results in the local store')
    .argument('<file>', '.xlsx or .csv input')
    .addOption(new Option('--kind <kind>', 'job kind (guessed from the columns when omitted)').choices([...JOB_KINDS]))
    .option('--sheet <name>', 'sheet to read (default: the first)')
    .option('--map <field=Header>', 'map a field to a column, e.g. --map image1="Foto KTP" (repeatable)', collect, [])
    .option('--out <report>', 'write the report here when the job ends (.xlsx or .csv)')
    .option('--base-url <url>', 'service base URL (omit, with no key, to use the embedded sandbox)')
    .option('--key <key>', 'API key; "-" reads it from standard input (KEY itself shows in the process list: prefer --key-file or REKAP_API_KEY)')
    .option('--key-file <file>', 'read the API key from this file')
    .option('--auth-header <name>', 'the header that carries the API key', 'x-api-service-id')
    .option('--budget <rp>', 'never spend more than this many Rupiah', parseMoney)
    .option('--balance <rp>', 'the account balance you know of, in Rupiah (the service has no balance endpoint)', parseMoney)
    .option('--rps <n>', 'requests per second for this job (default: the plan rate)', parsePositive)
    .option('--concurrency <n>', 'requests in flight at once', parsePositive)
    .option('--name <text>', 'hospital-directory: only hospitals whose name contains this text (sent to the service)')
    .option('--services <words>', 'hospital-directory: only hospitals whose services list has these words, comma-separated (filtered by rekap; the service has no such filter)')
    .option('--accreditation <value>', 'school-directory: accreditation filter (premium accounts only; 403 otherwise)')
    .option('--reuse-days <n>', 'reuse a face pair verified in an earlier job within N days, for free (0 = off)', parseNonNegativeInt, 30)
    .option('--review-band <low,high>', 'confidence band reported as PERLU TINJAUAN, e.g. 0.45,0.55', parseBand)
    .option('--db <file>', 'rekap data file (default: the app data folder, or REKAP_DB)')
    .option('--dry-run', 'pre-flight and plan only; nothing paid (directory jobs read each query\'s first page to count pages; it is kept)')
    .option('--yes', 'accept the cost estimate without asking')
    .option('--json', 'print one JSON summary instead of progress')
    .option('--resend-uncertain', 'allow re-sending paid rows whose outcome is unknown (may charge twice)')
    .option('--allow-outside-paths', 'allow image paths that leave the workbook folder')
    .option('--verbose', 'log details to stderr, with every retry and 429 back-off and their totals')
  addPlanOptions(cmd).action(async (file: string, opts) => {
      const { runCommand } = await import('../run-job')
      process.exitCode = await runCommand(file, opts)
    })
}
