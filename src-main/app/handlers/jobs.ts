import { rowReview } from '../../core/review'
import { kindModule } from '../../core/kinds/registry'
import { makeFolderFor } from '../exports-folder'
import path from 'node:path'
import type { JobKind } from '../../contract/job-kinds'
import { withPlans } from '../../core/model/job-settings'
import { coreText } from '../../core/texts/core-text'
import { AppError, wordsOf } from '../app-error'
import type { AppContext } from '../app-context'
import { exportsDirOf } from '../app-settings'
import { appJobSettings, requirePreset } from '../preset-job'
import type { Handlers } from '../dispatch'
import { annotatedCopyName, jobReportName } from '../export-names'
import { LARGE_PHOTO_EDGE, THUMBNAIL_EDGE, thumbnailDataUrl } from '../photo-thumbnail'
import { requireFile } from './files'

type JobHandlers = Pick<
  Handlers,
  | 'jobs.plan'
  | 'jobs.start'
  | 'jobs.pause'
  | 'jobs.resume'
  | 'jobs.cancel'
  | 'jobs.retryFailed'
  | 'jobs.resendUncertain'
  | 'jobs.list'
  | 'jobs.get'
  | 'jobs.rows'
  | 'jobs.photo'
  | 'jobs.export'
>

export function requireJob(ctx: AppContext, jobId: string) {
  const job = ctx.store.jobs.get(jobId)
  if (!job) throw new AppError('not-found', coreText('app.noJob', { id: jobId }), 'jobId')
  return job
}

/** In a team, a run starts only when the team store accepts this desk; its refusal is the user's to fix. */
async function joinedTeam(ctx: AppContext): Promise<void> {
  try {
    await ctx.teamJoin?.()
  } catch (err) {
    throw new AppError('conflict', wordsOf(err))
  }
}

export function jobsHandlers(ctx: AppContext): JobHandlers {
  return {
    'jobs.plan': async ({ path: file, kind, sheet, mapping, budgetRp, preset }) => {
      await requireFile(file, 'path', ctx.allowedFolders)
      await joinedTeam(ctx)
      const settings = await appJobSettings(ctx, kind as JobKind, preset ? requirePreset(ctx, preset) : null, budgetRp)
      const plan = await ctx.engine.plan({ file, kind: kind as JobKind, sheet, mapping, settings })
      ctx.events.emit('jobs.changed', { reason: `job ${plan.jobId} planned` })
      return plan
    },
    'jobs.start': async ({ jobId, budgetRp }) => {
      requireJob(ctx, jobId)
      await joinedTeam(ctx)
      return ctx.engine.start(jobId, budgetRp === undefined ? {} : { budgetRp })
    },
    'jobs.resume': async ({ jobId }) => {
      const job = requireJob(ctx, jobId)
      await joinedTeam(ctx)
      if (job.state === 'blocked' && job.blockedReason === 'quota-exhausted') {
        // The user may have moved to a bigger plan in Settings since: the job resumes on it.
        const a = ctx.settings()
        const plans = withPlans(job.settings, { hospitals: a.hospitalPlan, schools: a.schoolPlan, regional: a.regionalPlan })
        ctx.store.jobs.update(jobId, { settings: { ...job.settings, ...plans } }, ctx.core.clock.now())
      }
      return ctx.engine.start(jobId)
    },
    'jobs.pause': async ({ jobId }) => (requireJob(ctx, jobId), ctx.engine.pause(jobId)),
    'jobs.cancel': async ({ jobId }) => (requireJob(ctx, jobId), ctx.engine.cancel(jobId)),
    'jobs.retryFailed': async ({ jobId }) => (requireJob(ctx, jobId), ctx.engine.retryFailed(jobId)),
    'jobs.resendUncertain': async ({ jobId }) => (requireJob(ctx, jobId), ctx.engine.resendUncertain(jobId)),
    'jobs.list': async () => ctx.engine.listJobs(),
    'jobs.get': async ({ jobId }) => (requireJob(ctx, jobId), ctx.engine.progress(jobId)),
    'jobs.rows': async ({ jobId, offset, limit, filter }) => {
      const job = requireJob(ctx, jobId)
      const page = ctx.engine.rows(jobId, offset, limit, filter)
      if (!kindModule(job.kind).scored) return page
      // the decision that stands (core/review's one rule), so the table says what the report says
      const log = ctx.store.review.byRow(jobId)
      return {
        ...page,
        rows: page.rows.map((r) => {
          const final = rowReview(log.get(r.rowNo) ?? []).final
          return { ...r, review: final ? { decision: final.decision, reviewer: final.reviewer } : null }
        }),
      }
    },
    'jobs.photo': async ({ jobId, rowNo, which, size }) => {
      const job = requireJob(ctx, jobId)
      if (!kindModule(job.kind).photos) throw new AppError('invalid-input', coreText('app.noPhotos', { job: jobId, kind: job.kind }), 'jobId')
      const row = ctx.store.rows.get(jobId, rowNo)
      if (!row) throw new AppError('not-found', coreText('app.noRow', { job: jobId, row: rowNo }), 'rowNo')
      return thumbnailDataUrl(row, which, { edge: size === 'large' ? LARGE_PHOTO_EDGE : THUMBNAIL_EDGE })
    },
    'jobs.export': async ({ jobId, lang, format, annotated }) => {
      const job = requireJob(ctx, jobId)
      ctx.engine.assertAllowed(jobId, 'export')
      const dir = exportsDirOf(ctx.settings(), ctx.paths.exportsDir)
      if (annotated && !job.inputFile) throw new AppError('invalid-input', coreText('app.notFromSpreadsheet', { job: jobId }), 'annotated')
      const fileName = annotated ? annotatedCopyName(job, lang) : jobReportName(job, lang, format)
      const out = path.join(dir, fileName)
      await makeFolderFor(out)
      if (annotated) await ctx.reports.writeAnnotatedCopy(ctx.store, jobId, { out, lang })
      else await ctx.reports.writeJobReport(ctx.store, jobId, { out, lang, format, timeZone: ctx.settings().timeZone })
      return { path: out, fileName, downloadUrl: ctx.downloads.publish(out, fileName) }
    },
  }
}
