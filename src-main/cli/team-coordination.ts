/**
 * Which team a CLI command's engine joins: with `--team URL` (or REKAP_TEAM) the team store's
 * coordination and job publisher (core/team/desk-team.ts, the same join the app uses), else none
 * (the engine then uses this desk's own). The team config is taken once per command, before its
 * action runs (main.ts), so every command that opens an engine shares the rule.
 */
import { currentCommand } from './team-command-ref'
import type { Clock } from '../core/context'
import type { Store } from '../core/store'
import { isTeamUnreachable, type TeamConfig } from '../core/team'
import { joinTeamAsDesk, type DeskTeam } from '../core/team/desk-team'
import type { TeamCoordination } from '../core/coordination/team/team-coordination'
import { teamConfigOf } from './team-options'
import { asTeamCliError } from './team-cli-error'

/** The team the running command works in (null = alone). */
function currentTeamConfig(): TeamConfig | null {
  const cmd = currentCommand()
  return cmd ? teamConfigOf(cmd) : null
}

/** The running command's desk in its team, or undefined when it works alone. */
export function deskTeamFor(store: Store, clock: Clock): DeskTeam | undefined {
  const config = currentTeamConfig()
  return config ? joinTeamAsDesk(config, store, clock) : undefined
}

/**
 * Before a command sends anything: a team store that refuses (wrong password, no schema) stops
 * the command with its reason; one that is merely away lets the job start and wait, blocked.
 */
export async function checkTeamJoin(coordination: TeamCoordination | undefined): Promise<void> {
  if (!coordination) return
  try {
    await coordination.link.desk()
    // the account is named alike on every desk of the team before anything is planned
    await coordination.loadSharedSecret()
  } catch (err) {
    if (isTeamUnreachable(err)) return
    throw asTeamCliError(err)
  }
}
