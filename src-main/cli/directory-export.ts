import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { commands, type DirectoryQuery } from '../contract/ipc'
import { reportQuery } from '../app/core-report-writers'
import { sourceOf } from '../app/service-target'
import { openStore, type Store } from '../core/store'
import { openDataFile } from './data-file-open'
import { HOSPITAL_FILTER_FIELDS, type HospitalFilterField } from '../core/model/filter-values'
import { REKAP_VERSION } from '../core/version'
import { dbPathFrom } from './data-file-path'
import { cliLang, t } from './cli-language'
import { CliError, EXIT } from './exit-codes'
import { coreMessage } from './core-message'
import { reportTimeZone } from './report-time-zone'

export interface DirectoryExportOptions {
  kind: 'hospitals' | 'schools'
  out: string
  province?: string
  regency?: string
  class?: string
  type?: string
  ownership?: string
  bluStatus?: string
  grade?: string
  status?: 'N' | 'S'
  name?: string
  baseUrl?: string
  /** IANA zone of the summary's times (default: the app setting, else Asia/Jakarta) */
  tz?: string
  db?: string
}

const list = (v: string | undefined): string[] | undefined =>
  v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean)

/** The flags as the app's directory query, checked by the same schema the app's export command uses. */
export function directoryQueryFrom(o: DirectoryExportOptions): DirectoryQuery {
  const raw = {
    product: o.kind,
    provinceCodes: list(o.province),
    regencyCodes: list(o.regency),
    class: o.class,
    type: o.type,
    ownership: o.ownership,
    blu_status: o.bluStatus,
    grade: o.grade,
    status: o.status,
    name: o.name,
  }
  for (const [flag, value, digits, example] of [
    ['--province', o.province, 2, '51,52'],
    ['--regency', o.regency, 4, '5171'],
  ] as const) {
    if (value !== undefined && !list(value)!.every((c) => new RegExp(`^\\d{${digits}}$`).test(c))) {
      throw new CliError(t().usage.badCodes(flag, value, digits, example), EXIT.usage)
    }
  }
  const parsed = commands['directory.export'].input.safeParse({ query: JSON.parse(JSON.stringify(raw)), lang: 'id' })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue.path[1] ?? issue.path[0] ?? '')
    const flag = { provinceCodes: '--province', regencyCodes: '--regency', blu_status: '--blu-status' }[field] ?? `--${field}`
    // zod's own words are English: the two ways a flag can fail here, in the user's language
    const max = (issue as { maximum?: number | bigint }).maximum
    throw new CliError(issue.code === 'too_big' && max !== undefined ? t().usage.tooBig(flag, Number(max)) : t().usage.badValue(flag, issue.message), EXIT.usage)
  }
  return parsed.data.query
}

function sourceOfFlag(baseUrl: string | undefined): string {
  try {
    return sourceOf(baseUrl ?? '')
  } catch {
    throw new CliError(t().usage.badValue('--base-url', `"${baseUrl}"`), EXIT.usage)
  }
}

const FILTER_FLAGS: Record<HospitalFilterField, string> = { type: '--type', class: '--class', ownership: '--ownership', blu_status: '--blu-status' }

/** The app's check of the filter values, one at a time so a refused one names its flag (`--class: "E" is not …`). */
function checkedFilters(
  check: (store: Store, q: DirectoryQuery, source: string) => DirectoryQuery,
  refused: new (...a: never[]) => Error,
  store: Store,
  query: DirectoryQuery,
  source: string,
): DirectoryQuery {
  let q: DirectoryQuery = { ...query, type: undefined, class: undefined, ownership: undefined, blu_status: undefined }
  for (const field of HOSPITAL_FILTER_FIELDS) {
    try {
      q = check(store, { ...q, [field]: query[field] }, source)
    } catch (err) {
      if (err instanceof refused) throw new CliError(t().usage.badValue(FILTER_FLAGS[field], coreMessage(err)), EXIT.usage)
      throw err
    }
  }
  return q
}

/** `rekap directory export`: the app's directory report, from the cache, without a job. */
export async function directoryExportCommand(o: DirectoryExportOptions): Promise<number> {
  const query = directoryQueryFrom(o)
  const dbFile = dbPathFrom(o.db)
  if (!existsSync(dbFile)) throw new CliError(t().noDataFile(dbFile), EXIT.usage)
  const store = openDataFile(dbFile, () => openStore(dbFile))
  const source = sourceOfFlag(o.baseUrl)
  try {
    const reports = await import('../core/export')
    const { directoryCoverage, notCoveredText } = await import('../core/export/directory-coverage')
    const { checkedDirectoryQuery } = await import('../core/export/directory-values')
    // the same checks as the app's export: known filter values, and whether the cache covers the query
    const checked = checkedFilters(checkedDirectoryQuery, reports.ReportError, store, query, source)
    const coverage = directoryCoverage(store, checked, source)
    // One service's records only, as the app's export: the cache may hold the sandbox's and the real service's.
    const timeZone = reportTimeZone(store, o.tz)
    const r = await reports.writeDirectoryReport(store, { ...reportQuery(checked, source), out: resolve(o.out), lang: cliLang(), rekapVersion: REKAP_VERSION, timeZone })
    const gap = notCoveredText(checked, coverage, r.rows)
    if (gap) process.stderr.write(t().core(gap) + '\n')
    else if (r.rows === 0) process.stderr.write(t().directoryNoMatch(o.kind) + '\n')
    process.stdout.write(t().wroteDirectory(r.out, r.rows) + '\n')
    return EXIT.ok
  } catch (err) {
    const reports = await import('../core/reports')
    if (err instanceof reports.ReportError) throw new CliError(coreMessage(err), EXIT.usage)
    throw err
  } finally {
    store.close()
  }
}
