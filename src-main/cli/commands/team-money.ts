import type { Command } from 'commander'
import { parseMoney } from '../option-parsers'

/** rekap team budget <Rp> | balance <Rp>: the team's shared money (beside team.ts's init/status). */
export function register(program: Command): void {
  const team = program.commands.find((c) => c.name() === 'team')
  if (!team) throw new Error('team-money registers after team')
  team
    .command('budget')
    .argument('<rp>', '', parseMoney)
    .action(async (rp: number, _o: object, cmd: Command) => {
      const { teamMoneyCommand } = await import('../team-money-command')
      process.exitCode = await teamMoneyCommand(cmd, 'budget', rp)
    })
  team
    .command('balance')
    .argument('<rp>', '', parseMoney)
    .action(async (rp: number, _o: object, cmd: Command) => {
      const { teamMoneyCommand } = await import('../team-money-command')
      process.exitCode = await teamMoneyCommand(cmd, 'balance', rp)
    })
}
