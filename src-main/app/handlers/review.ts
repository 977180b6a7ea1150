import type { ReviewEntryView, ReviewQueueView, VerdictView } from '../../contract/ipc'
import type { ReviewEntry } from '../../core/store'
import { pairIdentity, recordDecision, reviewQueue, ReviewError, serviceVerdict } from '../../core/review'
import { requireReviewableJob } from '../../core/kinds/reviewable-job'
import { AppError, wordsOf } from '../app-error'
import { coreText } from '../../core/texts/core-text'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'
import { claimOnTeamQueue, decideOnTeamQueue, releaseOnTeamQueue, teamReviewerRole } from '../team-job-review'

type ReviewHandlers = Pick<Handlers, 'review.queue' | 'review.pair' | 'review.decide' | 'review.claim' | 'review.release'>

function entryView(e: ReviewEntry): ReviewEntryView {
  return {
    seq: e.seq,
    decision: e.decision,
    reviewer: e.reviewer,
    note: e.note,
    at: e.at,
    serviceVerdict: e.serviceVerdict as VerdictView | null,
    serviceConfidence: e.serviceConfidence,
  }
}

/** Review errors are the user's to fix (wrong job kind, a row not checked yet, no name). */
function asAppError<T>(work: () => T): T {
  try {
    return work()
  } catch (err) {
    if (err instanceof ReviewError) throw new AppError('invalid-input', wordsOf(err), 'jobId')
    throw err
  }
}

export function reviewHandlers(ctx: AppContext): ReviewHandlers {
  /** in a team, decisions are signed with the role signed in, not the typed name */
  const withSigner = async (view: ReviewQueueView): Promise<ReviewQueueView> => {
    const role = await teamReviewerRole(ctx)
    return role ? { ...view, reviewerName: role, teamSigned: true } : view
  }
  const queueView = (jobId: string): ReviewQueueView => {
    const job = requireReviewableJob(ctx.store, jobId)
    const q = reviewQueue(ctx.store, job)
    return {
      jobId: job.id,
      reviewed: q.reviewed,
      total: q.total,
      reviewerName: ctx.settings().reviewerName,
      items: q.items.map((i) => ({
        rowNo: i.rowNo,
        verdict: i.verdict,
        confidence: i.confidence,
        flagged: i.flagged,
        open: i.open,
        skipped: i.skipped,
        final: i.final ? entryView(i.final) : null,
      })),
    }
  }
  return {
    'review.claim': async ({ jobId, later }) => {
      const job = asAppError(() => requireReviewableJob(ctx.store, jobId))
      return claimOnTeamQueue(ctx, { jobId: job.id, later })
    },
    'review.release': async ({ jobId, rowNo }) => {
      await releaseOnTeamQueue(ctx, { jobId, rowNo })
      return null
    },
    'review.queue': async ({ jobId }) => withSigner(asAppError(() => queueView(jobId))),
    'review.pair': async ({ jobId, rowNo }) =>
      asAppError(() => {
        const job = requireReviewableJob(ctx.store, jobId)
        const row = ctx.store.rows.get(job.id, rowNo)
        if (!row) throw new AppError('not-found', coreText('app.noRow', { job: job.id, row: rowNo }), 'rowNo')
        const result = ctx.store.review.resultOf(job.id, rowNo)
        return {
          rowNo,
          sourceRow: row.sourceRow,
          ...pairIdentity(job, row),
          verdict: serviceVerdict(row.state, result, job.settings.reviewBand),
          confidence: result?.confidence ?? null,
          reviewBand: job.settings.reviewBand,
          entries: ctx.store.review.ofRow(job.id, rowNo).map(entryView),
        }
      }),
    'review.decide': async ({ jobId, rowNo, decision, note }) => {
      const job = asAppError(() => requireReviewableJob(ctx.store, jobId))
      // in a team, the team's queue decides first (claims, four eyes, the role as decider); the
      // local entry then carries the same decision, so the job's view and report agree with the team
      const teamDecider = (await decideOnTeamQueue(ctx, { jobId: job.id, rowNo, decision, note })) ?? (await teamReviewerRole(ctx))
      const view = asAppError(() => {
        const reviewer = teamDecider ?? ctx.settings().reviewerName
        if (!reviewer) throw new AppError('invalid-input', coreText('app.noReviewerName', {}), 'reviewerName')
        recordDecision(ctx.store, requireReviewableJob(ctx.store, jobId), { rowNo, decision, reviewer, note: note ?? null, now: ctx.core.clock.now() })
        ctx.events.emit('jobs.changed', { reason: `review decision on row ${rowNo} of job ${jobId}` })
        return queueView(jobId)
      })
      return teamDecider ? { ...view, reviewerName: teamDecider, teamSigned: true } : view
    },
  }
}
