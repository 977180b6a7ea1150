/** rekap team report --month YYYY-MM --out F.xlsx: the month's team report, with its digest. */
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { readTeamMonth, writeTeamReport } from '../core/team'
import { DEFAULT_TIME_ZONE } from '../core/reports/time-zone'
import { cliTeamSession } from './team-command'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'

export async function teamReportCommand(cmd: Command, o: { month: string; out: string; tz?: string }): Promise<number> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(o.month)) throw new CliError(t().team.badMonth(o.month), EXIT.usage)
  const out = resolve(o.out)
  const session = await cliTeamSession(cmd)
  try {
    // the month is the team's (WIB) whatever --tz: --tz only shows the times in the reader's zone
    const timeZone = o.tz ?? DEFAULT_TIME_ZONE
    const month = await readTeamMonth(session.pool, o.month)
    const r = await writeTeamReport(month, {
      out, lang: cliLang(), timeZone, team: { display: session.target.display, database: session.target.database },
    })
    process.stdout.write(t().team.wroteReport(r.out, o.month, r.sheets.join(', ')) + '\n')
    return EXIT.ok
  } finally {
    await session.close()
  }
}
