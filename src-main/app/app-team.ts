/**
 * The app's team: Settings → Team (address, desk, the password kept encrypted like the key), else
 * REKAP_TEAM / REKAP_TEAM_DESK / PGPASSWORD or ~/.pgpass of the process, as for the CLI. When one
 * is set, the app's engine joins it exactly as a CLI desk does (core/team/desk-team.ts): every
 * request goes through the team's coordination (one rate, one money guard, one hit count, pay
 * once, the ledger) and its jobs are published to the team's registry and review queue. Without
 * one, this desk's own coordination. The choice is made when a run (or a plan's probe) starts, so
 * a team set in Settings applies from the next run without restarting; a team left behind stays
 * open (its lease and pending settles) until the app closes.
 */
import type { Clock } from '../core/context'
import type { Store } from '../core/store'
import type { Engine } from '../core/engine/types'
import type { TeamConfig } from '../core/team/team-session'
import type { DeskTeam } from '../core/team/desk-team'
import { createLocalCoordination, type Coordination } from '../core/coordination'
import { deferredCoordination } from '../core/coordination/deferred'
import type { AppSettings } from './app-settings'
import type { KeyVault } from './key-vault'

/** The team the app works in, or null (alone). Settings first, then the environment. */
export function appTeamConfig(settings: Pick<AppSettings, 'teamUrl' | 'teamDesk'>, teamVault: KeyVault | undefined, env: NodeJS.ProcessEnv): TeamConfig | null {
  const url = settings.teamUrl ?? (env.REKAP_TEAM || null)
  if (!url) return null
  return {
    url,
    desk: settings.teamDesk ?? (env.REKAP_TEAM_DESK || undefined),
    password: teamVault?.get() ?? undefined,
    env,
  }
}

export interface AppTeam {
  /** what the engine is given: the current team's coordination, else this desk's own */
  coordination: Coordination
  /** the team's shared account secret once joined (checkJoin), else undefined: this computer's own */
  accountSecret(): string | undefined
  /** the engine's job changes go to the team the app is in at the time */
  attach(engine: Pick<Engine, 'onState' | 'onProgress'>): void
  /**
   * Before a run starts (the CLI's joinTeam): a team store that refuses this desk (wrong password,
   * no schema, a certificate that does not prove the server) rejects with its reason; one merely
   * away resolves (the job starts and waits, blocked); no team resolves.
   */
  checkJoin(): Promise<void>
  close(): Promise<void>
}

interface Joined {
  coordination: Coordination
  team: Promise<DeskTeam>
  /** the desk once loaded (its shared account secret is read synchronously) */
  desk?: DeskTeam
}

export function createAppTeam(store: Store, clock: Clock, configOf: () => TeamConfig | null): AppTeam {
  const local = createLocalCoordination(store, clock)
  const joined = new Map<string, Joined>()
  const offs: Array<() => void> = []

  /** The desk of the configured team (joined once per address, desk and password). */
  function current(): Joined | null {
    const config = configOf()
    if (!config) return null
    const id = JSON.stringify([config.url, config.desk ?? null, config.password ?? null])
    let j = joined.get(id)
    if (!j) {
      // the driver (pg) is loaded only when a team is set
      const team = import('../core/team/desk-team').then((m) => m.joinTeamAsDesk(config, store, clock))
      team.catch(() => {})
      const made: Joined = { team, coordination: deferredCoordination(async () => (await team).coordination) }
      void team.then((d) => (made.desk = d), () => {})
      j = made
      joined.set(id, j)
    }
    return j
  }
  const pick = (): Coordination => current()?.coordination ?? local
  const publish = (jobId: string): void => void current()?.team.then((t) => t.publisher.changed(jobId), () => {})

  return {
    coordination: {
      rate: (account, product, rps) => pick().rate(account, product, rps),
      hits: (account, product) => pick().hits(account, product),
      money: (scope) => pick().money(scope),
      pairs: (account) => pick().pairs(account),
      reachable: (signal) => pick().reachable(signal),
      onUnreachable: (listener) => pick().onUnreachable(listener),
      close: () => local.close(),
    },
    accountSecret: () => current()?.desk?.coordination.sharedAccountSecret(),
    async checkJoin() {
      const j = current()
      if (!j) return
      const { isTeamUnreachable } = await import('../core/team/team-pool')
      try {
        const desk = await j.team
        await desk.coordination.link.desk()
        await desk.coordination.loadSharedSecret()
      } catch (err) {
        if (!isTeamUnreachable(err)) throw err
      }
    },
    attach(engine) {
      offs.push(engine.onState((s) => publish(s.jobId)), engine.onProgress((p) => publish(p.jobId)))
    },
    async close() {
      for (const off of offs.splice(0)) off()
      for (const j of joined.values()) await (await j.team.catch(() => null))?.close()
      joined.clear()
      await local.close()
    },
  }
}
