/**
 * The per-job Review screen in a team: a decision on a pair of a job this desk published goes
 * through the team's queue with the same function as `rekap review --team` (core/team/team-review.ts
 * decidePair): the pair must not be held by another reviewer, four eyes is kept by the database,
 * the decider is the role signed in (not a typed name), and the decision is in the team store.
 * Returns that role, or null when the app is in no team or the pair is not on the team's queue (a
 * job run before joining): the desk's own review, as before.
 */
import type { AppContext } from './app-context'
import type { TeamDecision } from '../core/team/team-review'
import { renderCoreText, textOfError } from '../core/texts/core-text'
import { AppError } from './app-error'
import { appTeamConfig } from './app-team'

/** The database role this app signs in to its team as, or null (no team, or the store refuses or is away: the typed name). */
export async function teamReviewerRole(ctx: AppContext): Promise<string | null> {
  const config = appTeamConfig(ctx.settings(), ctx.teamVault, ctx.teamEnv ?? {})
  if (!config) return null
  const core = await import('../core/team')
  try {
    const session = await core.openTeamSession(config)
    await session.close()
    return session.role
  } catch {
    return null
  }
}

export async function decideOnTeamQueue(
  ctx: AppContext,
  input: { jobId: string; rowNo: number; decision: TeamDecision; note?: string },
): Promise<string | null> {
  const config = appTeamConfig(ctx.settings(), ctx.teamVault, ctx.teamEnv ?? {})
  if (!config) return null
  const core = await import('../core/team')
  const lang = ctx.settings().language ?? 'id'
  const words = (err: unknown, code: 'conflict' | 'failed'): AppError => {
    const text = textOfError(err)
    return new AppError(code, text ? renderCoreText(text, lang) : (err as Error).message)
  }
  let session
  try {
    session = await core.openTeamSession(config)
  } catch (err) {
    throw words(err, 'failed')
  }
  try {
    // the pair as this desk published it (desk, job, row): one item per pair in the queue
    const itemId = await core.queueItemOf(session.pool, { desk: session.desk, jobId: input.jobId, rowNo: input.rowNo })
    if (itemId === null) return null
    const done = await core.decidePair(session.pool, { itemId, decision: input.decision, note: input.note, desk: session.desk })
    return done.decider
  } catch (err) {
    if (err instanceof core.TeamReviewError) throw words(err, 'conflict')
    throw err
  } finally {
    await session.close()
  }
}

/** How long the per-job Review screen holds a pair it claimed (a screen left without a word frees it by then). */
const SCREEN_CLAIM_SECONDS = 600

/**
 * The next pair of this desk's published job for this reviewer, claimed on the team's queue with
 * the same claim as `rekap review --team` (core claimNext, narrowed to the job): two reviewers are
 * never shown the same pair. `later` are rows this screen passed over (offered last). Returns null
 * when the app is in no team or the job is not on the queue (the screen's own order, as before);
 * `{ rowNo: null }` when every open pair is held by someone else or decided.
 */
export async function claimOnTeamQueue(
  ctx: AppContext,
  input: { jobId: string; later?: number[] },
): Promise<{ rowNo: number | null } | null> {
  return withJobSession(ctx, async (session, core) => {
    const job = { desk: session.desk, jobId: input.jobId }
    if (!(await core.jobOnQueue(session.pool, job))) return null
    const [claimed] = await core.claimNext(session.pool, { count: 1, claimSeconds: SCREEN_CLAIM_SECONDS, job: { ...job, later: input.later } })
    return { rowNo: claimed?.rowNo ?? null }
  })
}

/** Gives a pair this screen claimed back to the team's queue (leaving the pair or the screen). */
export async function releaseOnTeamQueue(ctx: AppContext, input: { jobId: string; rowNo: number }): Promise<void> {
  await withJobSession(ctx, async (session, core) => {
    const itemId = await core.queueItemOf(session.pool, { desk: session.desk, jobId: input.jobId, rowNo: input.rowNo })
    if (itemId !== null) await core.releaseClaims(session.pool, [itemId])
    return null
  })
}

type TeamCore = typeof import('../core/team')
type TeamSessionOf = Awaited<ReturnType<TeamCore['openTeamSession']>>

/** Runs work on a team session, or returns null with no team configured; a store away is a 'failed' in the app's language. */
async function withJobSession<T>(ctx: AppContext, work: (s: TeamSessionOf, core: TeamCore) => Promise<T | null>): Promise<T | null> {
  const config = appTeamConfig(ctx.settings(), ctx.teamVault, ctx.teamEnv ?? {})
  if (!config) return null
  const core = await import('../core/team')
  let session: TeamSessionOf
  try {
    session = await core.openTeamSession(config)
  } catch (err) {
    const text = textOfError(err)
    throw new AppError('failed', text ? renderCoreText(text, ctx.settings().language ?? 'id') : (err as Error).message)
  }
  try {
    return await work(session, core)
  } finally {
    await session.close()
  }
}
