/**
 * Which coordination a CLI command's engine gets: with `--team URL` (or REKAP_TEAM) the team
 * store's, else none (the engine then uses this desk's own). The team config is taken once per
 * command, before its action runs (main.ts), so every command that opens an engine shares the rule.
 */
import { currentCommand } from './team-command-ref'
import type { Clock } from '../core/context'
import type { Store } from '../core/store'
import { openTeamSession, isTeamUnreachable, createJobPublisher, type JobPublisher, type TeamConfig } from '../core/team'
import type { Engine } from '../core/engine'
import { createTeamCoordination, type TeamCoordination } from '../core/coordination/team/team-coordination'
import { asTeamCliError, teamConfigOf } from './team-options'

/** The team the running command works in (null = alone). */
function currentTeamConfig(): TeamConfig | null {
  const cmd = currentCommand()
  return cmd ? teamConfigOf(cmd) : null
}

export function teamCoordinationFor(store: Store, clock: Clock): TeamCoordination | undefined {
  const config = currentTeamConfig()
  if (!config) return undefined
  return createTeamCoordination({ open: () => openTeamSession(config), store, clock })
}

/**
 * Before a command sends anything: a team store that refuses (wrong password, no schema) stops
 * the command with its reason; one that is merely away lets the job start and wait, blocked.
 */
export async function checkTeamJoin(coordination: TeamCoordination | undefined): Promise<void> {
  if (!coordination) return
  try {
    await coordination.link.desk()
  } catch (err) {
    if (isTeamUnreachable(err)) return
    throw asTeamCliError(err)
  }
}

/** In a team: the engine's job changes go to the team's job registry (and finished jobs' doubtful pairs to its queue). */
export function teamJobPublisherFor(store: Store, engine: Engine): JobPublisher | undefined {
  const config = currentTeamConfig()
  if (!config) return undefined
  const publisher = createJobPublisher({ store, open: () => openTeamSession(config) })
  engine.onState((s) => publisher.changed(s.jobId))
  engine.onProgress((p) => publisher.changed(p.jobId))
  return publisher
}
