/** rekap team budget <Rp> (this month) | rekap team balance <Rp> (after a top-up). */
import type { Command } from 'commander'
import { setTeamBalance, setTeamBudget } from '../core/coordination/team/team-money-settings'
import { cliTeamSession } from './team-command'
import { EXIT } from './exit-codes'
import { t } from './cli-language'

export async function teamMoneyCommand(cmd: Command, what: 'budget' | 'balance', rp: number): Promise<number> {
  const session = await cliTeamSession(cmd)
  try {
    const m = t().teamMoney
    const view = what === 'budget' ? await setTeamBudget(session.pool, rp) : await setTeamBalance(session.pool, rp)
    process.stdout.write((what === 'budget' ? m.budgetSet(rp, view.month) : m.balanceSet(rp)) + '\n')
    const left = (v: number | null): string => (v === null ? m.none : t().rp(v))
    process.stdout.write(m.left(view.spentThisMonthRp, view.reservedRp, left(view.budgetLeftRp), left(view.balanceLeftRp)) + '\n')
    return EXIT.ok
  } finally {
    await session.close()
  }
}
