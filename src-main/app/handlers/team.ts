/**
 * The Team screen: the team store's status and its review queue, for the team the app works in
 * (app-team.ts: Settings, else REKAP_TEAM). The queue is worked with the same functions as
 * `rekap review --team` (core/team/team-review.ts): claims with FOR UPDATE SKIP LOCKED, decisions
 * append-only, the decider and four eyes kept by the database. The password is the one Settings
 * keeps encrypted (desktop), else as for the CLI (PGPASSWORD or ~/.pgpass of the process running
 * rekap); it never crosses to the page. The driver is loaded only when a team is set.
 */
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'
import type { TeamQueueItem, TeamSession } from '../../core/team'
import type { TeamReviewItemView } from '../../contract/ipc'
import { coreText, renderCoreText, textOfError } from '../../core/texts/core-text'
import { AppError } from '../app-error'
import { appTeamConfig } from '../app-team'

type TeamHandlers = Pick<Handlers, 'team.status' | 'team.reviewNext' | 'team.reviewDecide' | 'team.reviewRelease'>

const dataUrl = (b: Buffer | null): string | null => (b ? `data:image/jpeg;base64,${b.toString('base64')}` : null)

function itemView(i: TeamQueueItem): TeamReviewItemView {
  return {
    id: i.id, desk: i.desk, jobId: i.jobId, rowNo: i.rowNo, verdict: i.serviceVerdict, confidence: i.confidence,
    nik: i.label.nik ?? null, name: i.label.name ?? null, sourceRow: i.label.sourceRow ?? null,
    photoA: dataUrl(i.photoA), photoB: dataUrl(i.photoB), operator: i.operator, claimedUntil: i.claimedUntil,
  }
}

export function teamHandlers(ctx: AppContext): TeamHandlers {
  const lang = () => ctx.settings().language ?? 'id'
  /** The team's words for a refusal (four eyes, not claimed, already decided) in the app's language. */
  const asAppError = (err: unknown, code: 'conflict' | 'failed'): AppError => {
    const text = textOfError(err)
    return new AppError(code, text ? renderCoreText(text, lang()) : (err as Error).message)
  }
  /** A session for one call; null when no team is set. */
  async function withTeam<T>(work: (session: TeamSession, core: typeof import('../../core/team')) => Promise<T>): Promise<T | null> {
    const config = appTeamConfig(ctx.settings(), ctx.teamVault, ctx.teamEnv ?? {})
    if (!config) return null
    const core = await import('../../core/team')
    let session: TeamSession
    try {
      session = await core.openTeamSession(config)
    } catch (err) {
      throw asAppError(err, 'failed')
    }
    try {
      return await work(session, core)
    } catch (err) {
      if (err instanceof core.TeamReviewError) throw asAppError(err, 'conflict')
      throw err
    } finally {
      await session.close()
    }
  }
  const needTeam = <T>(v: T | null): T => {
    if (v === null) throw new AppError('conflict', renderCoreText(coreText('team.notJoined', {}), lang()))
    return v
  }
  return {
    'team.status': async () =>
      withTeam(async (session, core) => ({
        team: session.target.display, desk: session.desk, role: session.role, ...(await core.readTeamStatus(session.pool)),
      })),
    'team.reviewNext': async ({ count }) => needTeam(await withTeam(async (s, core) => (await core.claimNext(s.pool, { count: count ?? 1 })).map(itemView))),
    'team.reviewDecide': async ({ itemId, decision, note }) =>
      needTeam(await withTeam((s, core) => core.decidePair(s.pool, { itemId, decision, note, desk: s.desk }))),
    'team.reviewRelease': async ({ itemIds }) => {
      await withTeam((s, core) => core.releaseClaims(s.pool, itemIds))
      return null
    },
  }
}
