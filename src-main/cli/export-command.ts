import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import * as reports from '../core/export'
import { openCliEngine } from './cli-engine'
import { dbPathFrom } from './data-file-path'
import { asCliError } from './action-cli-error'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { coreMessage } from './core-message'
import { reportTimeZone } from './report-time-zone'

export interface ExportOptions {
  out: string
  format?: 'xlsx' | 'csv'
  db?: string
  thumbnails?: boolean
  annotated?: boolean
  tz?: string
}

/** rekap export <job> --out F: the job's report (or an annotated copy of the user's workbook) from the local store. */
export async function exportCommand(jobArg: string, opts: ExportOptions): Promise<number> {
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
