/**
 * The team store a command works with: `--team URL` (else REKAP_TEAM), `--team-password-file F`
 * (else PGPASSWORD, else ~/.pgpass), `--team-desk NAME` (else REKAP_TEAM_DESK, else the computer's
 * name), `--team-insecure`. Options are global: they may stand before or after the command.
 */
import type { Command } from 'commander'
// type only: `rekap review` asks whether it runs in a team before anything loads the team store's driver (pg)
import type { TeamConfig } from '../core/team'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

export interface TeamFlags {
  team?: string
  teamPasswordFile?: string
  teamInsecure?: boolean
  teamDesk?: string
}

/** null when neither --team nor REKAP_TEAM is given (the local, single-desk mode). */
export function teamConfigOf(cmd: Command, env: NodeJS.ProcessEnv = process.env): TeamConfig | null {
  const o = cmd.optsWithGlobals() as TeamFlags
  const url = o.team ?? env.REKAP_TEAM
  if (!url) return null
  if (o.teamInsecure) process.stderr.write(t().team.insecureWarning)
  return {
    url,
    desk: o.teamDesk ?? env.REKAP_TEAM_DESK,
    passwordFile: o.teamPasswordFile,
    allowInsecure: o.teamInsecure === true,
    env,
  }
}

export function requireTeamConfig(cmd: Command): TeamConfig {
  const config = teamConfigOf(cmd)
  if (!config) throw new CliError(t().team.noTeam, EXIT.usage)
  return config
}
