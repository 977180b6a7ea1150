/**
 * `rekap directory search <query>`: the service's school search (premium; its own envelope),
 * the records printed as a table or JSON. Without premium the 403 is said in plain words and
 * the exit code is 3 (the account, not the input, needs changing).
 */
import { defaultJobSettings } from '../core/model/job-settings'
import { openCliEngine, serviceUrlFlag } from './cli-engine'
import { readCliKey } from './cli-key'
import { stateHitsUsed } from './run-job'
import { planSettings, type PlanFlags } from './plan-options'
import { CliError, EXIT } from './exit-codes'
import { asCliError } from './action-cli-error'
import { t } from './cli-language'
import { oneLine } from '../contract/one-line'

export interface SchoolSearchOptions extends PlanFlags {
  baseUrl?: string
  key?: string
  keyFile?: string
  authHeader?: string
  db?: string
  json?: boolean
}

export async function schoolSearchCommand(query: string, o: SchoolSearchOptions): Promise<number> {
  const key = await readCliKey(o)
  const useSandbox = !o.baseUrl && !key
  if (!useSandbox && !o.baseUrl) throw new CliError(t().keyWithoutBaseUrl, EXIT.usage)
  if (o.baseUrl) o = { ...o, baseUrl: serviceUrlFlag(o.baseUrl) }
  const cli = openCliEngine({ db: o.db, baseUrl: o.baseUrl, key })
  const say = o.json ? () => {} : (line: string) => process.stdout.write(line + '\n')
  try {
    const defaults = defaultJobSettings()
    const settings = {
      ...defaults,
      ...planSettings(defaults, o),
      baseUrl: useSandbox ? '' : o.baseUrl!,
      sandbox: useSandbox,
      authHeader: (o.authHeader ?? defaults.authHeader).toLowerCase(),
    }
    await stateHitsUsed(cli, settings, o, say)
    const r = await cli.engine.schoolSearch(settings, query)
    if (o.json) process.stdout.write(JSON.stringify({ rows: r.rows, premiumRequired: r.premiumRequired }) + '\n')
    if (r.premiumRequired) {
      if (!o.json) process.stderr.write(`rekap: ${r.premiumText ? t().core(r.premiumText) : oneLine(String(r.premiumRequired))}\n`)
      return EXIT.blocked
    }
    say(t().schoolsFound(r.rows.length, query, useSandbox))
    for (const s of r.rows) {
      say([s.npsn, s.name, s.grade, s.status, s.accreditation ?? '-', s.regency_name].map((v) => (v === null || v === undefined ? '' : oneLine(String(v)))).join('\t'))
    }
    return EXIT.ok
  } catch (err) {
    throw asCliError(err)
  } finally {
    await cli.close()
  }
}
