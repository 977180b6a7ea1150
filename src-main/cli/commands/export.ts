import { Command, Option } from 'commander'

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
      process.exitCode = await exportCommand(job, opts)
    })
}

interface ExportOptions {
  out: string
  format?: 'xlsx' | 'csv'
  db?: string
  thumbnails?: boolean
  annotated?: boolean
  tz?: string
}

async function exportCommand(jobArg: string, opts: ExportOptions): Promise<number> {
  const [{ existsSync }, { resolve }, reports, { dbPathFrom, openCliEngine }, { asCliError }, { CliError, EXIT }, { cliLang, t }, { coreMessage }] = await Promise.all([
    import('node:fs'),
    import('node:path'),
    import('../../core/export'),
    import('../cli-engine'),
    import('../run-job'),
    import('../exit-codes'),
    import('../cli-language'),
    import('../core-message'),
  ])
  const dbFile = dbPathFrom(opts.db)
  if (!existsSync(dbFile)) throw new CliError(t().noDataFile(dbFile), EXIT.usage)
  const cli = openCliEngine({ db: opts.db })
  const store = cli.store
  const out = resolve(opts.out)
  try {
    // the one rule of legal actions, as the app's export button asks it (an unknown id: the report says so)
    const jobId = store.jobs.resolveId(jobArg)
    if (jobId) cli.engine.assertAllowed(jobId, 'export')
    const started = Date.now()
    if (opts.annotated) {
      const r = await reports.writeAnnotatedCopy(store, jobArg, { out, lang: cliLang() })
      process.stdout.write(t().wroteAnnotated(r.out, r.rows, r.sheet) + '\n')
    } else {
      const { reportTimeZone } = await import('../report-time-zone')
      const timeZone = reportTimeZone(store, opts.tz)
      const r = await reports.writeJobReport(store, jobArg, { out, lang: cliLang(), format: opts.format, thumbnails: opts.thumbnails, timeZone })
      process.stdout.write(t().wroteReport(r.out, r.rows, r.sheets.join(', '), Date.now() - started) + '\n')
    }
    return EXIT.ok
  } catch (err) {
    if (err instanceof reports.ReportError) throw new CliError(coreMessage(err), EXIT.usage)
    throw asCliError(err)
  } finally {
    await cli.close()
  }
}
