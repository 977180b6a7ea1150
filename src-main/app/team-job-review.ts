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
    const item = await session.pool.query(`SELECT id FROM rekap.review_items WHERE desk = $1 AND job_id = $2 AND row_no = $3`, [session.desk, input.jobId, input.rowNo])
    if (!item.rows.length) return null
    const done = await core.decidePair(session.pool, { itemId: Number(item.rows[0].id), decision: input.decision, note: input.note, desk: session.desk })
    return done.decider
  } catch (err) {
    if (err instanceof core.TeamReviewError) throw words(err, 'conflict')
    throw err
  } finally {
    await session.close()
  }
}
