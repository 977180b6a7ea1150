/**
 * A desk in a team, the one way a desk's engine joins it (the CLI's `--team` and the app's
 * Settings → Team / REKAP_TEAM both come here): the team's coordination (rate, money, hits, pair
 * reuse, ledger; core/coordination/team) for the engine, and the job publisher that tells the
 * team's registry (and review queue) about the engine's jobs. Loaded only when a team is set, so
 * the PostgreSQL driver stays unloaded otherwise.
 */
import type { Clock } from '../context'
import type { Store } from '../store'
import type { Engine } from '../engine/types'
import { createTeamCoordination, type TeamCoordination } from '../coordination/team/team-coordination'
import { createJobPublisher, type JobPublisher } from './job-publisher'
import { openTeamSession, type TeamConfig } from './team-session'

export interface DeskTeam {
  coordination: TeamCoordination
  publisher: JobPublisher
  /** the engine's job changes (progress and state) go to the team's job registry; returns the unsubscribe */
  attach(engine: Pick<Engine, 'onState' | 'onProgress'>): () => void
  /** the jobs' last states to the team, then the coordination's lease and connections */
  close(): Promise<void>
}

export function joinTeamAsDesk(config: TeamConfig, store: Store, clock: Clock): DeskTeam {
  const coordination = createTeamCoordination({ open: () => openTeamSession(config), store, clock })
  // the job names the coordination's lease, written (on connect) before the job is published
  const lease = async (): Promise<string> => (await coordination.link.desk(), coordination.link.lease)
  const publisher = createJobPublisher({ store, open: () => openTeamSession(config), lease })
  return {
    coordination,
    publisher,
    attach(engine) {
      const offState = engine.onState((s) => publisher.changed(s.jobId))
      const offProgress = engine.onProgress((p) => publisher.changed(p.jobId))
      return () => (offState(), offProgress())
    },
    async close() {
      await publisher.close()
      await coordination.close()
    },
  }
}
