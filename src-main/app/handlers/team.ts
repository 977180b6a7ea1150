/**
 * The Team screen: the team store's status for the team the app works in (app-team.ts: Settings,
 * else REKAP_TEAM). The password is the one Settings keeps encrypted (desktop), else as for the
 * CLI (PGPASSWORD or ~/.pgpass of the process running rekap); it never crosses to the page. The driver is loaded only when a team is set.
 */
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'
import { AppError } from '../app-error'
import { appTeamConfig } from '../app-team'

export function teamHandlers(ctx: AppContext): Pick<Handlers, 'team.status'> {
  return {
    'team.status': async () => {
      const s = ctx.settings()
      const config = appTeamConfig(s, ctx.teamVault, ctx.teamEnv ?? {})
      if (!config) return null
      const { openTeamSession, readTeamStatus } = await import('../../core/team')
      let session
      try {
        session = await openTeamSession(config)
      } catch (err) {
        throw new AppError('failed', (err as Error).message)
      }
      try {
        const st = await readTeamStatus(session.pool, s.timeZone)
        return { team: session.target.display, desk: session.desk, role: session.role, ...st }
      } finally {
        await session.close()
      }
    },
  }
}
