import { Command, Option } from 'commander'

/** rekap team init|status|settings|report: the team store (PostgreSQL) of team mode. */
export function register(program: Command): void {
  const team = program.command('team')
  team.command('init').action(async (_o: object, cmd: Command) => {
    const { teamInitCommand } = await import('../team-command')
    process.exitCode = await teamInitCommand(cmd)
  })
  team
    .command('status')
    .option('--json')
    .action(async (o: { json?: boolean }, cmd: Command) => {
      const { teamStatusCommand } = await import('../team-command')
      process.exitCode = await teamStatusCommand(cmd, o.json === true)
    })
  team
    .command('settings')
    .addOption(new Option('--maker-checker <on|off>').choices(['on', 'off']))
    .action(async (o: { makerChecker?: 'on' | 'off' }, cmd: Command) => {
      const { teamSettingsCommand } = await import('../team-command')
      process.exitCode = await teamSettingsCommand(cmd, o)
    })
  team
    .command('publish')
    .argument('<job>')
    .option('--db <file>')
    .action(async (job: string, o: { db?: string }, cmd: Command) => {
      const { teamPublishCommand } = await import('../team-command')
      process.exitCode = await teamPublishCommand(cmd, job, o.db)
    })
  team
    .command('report')
    .requiredOption('--month <yyyy-mm>')
    .requiredOption('--out <file>')
    .option('--tz <zone>')
    .action(async (o: { month: string; out: string; tz?: string }, cmd: Command) => {
      const { teamReportCommand } = await import('../team-report-command')
      process.exitCode = await teamReportCommand(cmd, o)
    })
}
