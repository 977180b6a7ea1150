/**
 * Compare from History and Settings' space and prune: the same core functions as `rekap compare`
 * and `rekap jobs --prune` (one rule, one place). Pruning deletes only jobs the person was shown
 * and that are still prunable when they confirm (a job resumed meanwhile stays).
 */
import { makeFolderFor } from '../exports-folder'
import path from 'node:path'
import type { PruneItemView, SpaceView } from '../../contract/ipc'
import { picturesDirFor } from '../../core/engine'
import { changedRows, writeComparison } from '../../core/unattended/compare-report'
import { compareJobs, CompareError } from '../../core/unattended/compare-runs'
import { renderCoreText } from '../../core/texts/core-text'
import { deleteJobs, type DeletionItem } from '../../core/unattended/housekeeping'
import { planPrune, spaceUsed } from '../../core/unattended/space-used'
import { AppError } from '../app-error'
import type { AppContext } from '../app-context'
import { exportsDirOf } from '../app-settings'
import type { Handlers } from '../dispatch'
import { requireJob } from './jobs'

type HousekeepingHandlers = Pick<Handlers, 'jobs.compare' | 'storage.usage' | 'storage.prunePlan' | 'storage.prune'>

const DAY_MS = 86_400_000

function itemView(i: DeletionItem): PruneItemView {
  return { jobId: i.jobId, kind: i.kind, state: i.state, inputName: i.inputName, folders: i.folders.length, bytes: i.bytes }
}

export function housekeepingHandlers(ctx: AppContext): HousekeepingHandlers {
  const dirs = () => ({ picturesDir: picturesDirFor(ctx.paths.dataDir), uploadsDir: ctx.paths.uploadsDir })
  const space = (): SpaceView => {
    const parts = spaceUsed({ ...dirs(), dbFile: ctx.paths.dbFile, reportsDir: exportsDirOf(ctx.settings(), ctx.paths.exportsDir) })
    return { parts, totalBytes: parts.reduce((n, p) => n + p.bytes, 0) }
  }
  const prunable = (days: number): DeletionItem[] => planPrune(ctx.store, ctx.core.clock.now() - days * DAY_MS, dirs())
  return {
    'jobs.compare': async ({ jobA, jobB, lang }) => {
      requireJob(ctx, jobA)
      requireJob(ctx, jobB)
      let c
      try {
        c = await compareJobs(ctx.store, jobA, jobB, lang)
      } catch (err) {
        if (err instanceof CompareError) throw new AppError('invalid-input', err.text ? renderCoreText(err.text, lang) : err.message, 'jobB')
        throw err
      }
      const dir = exportsDirOf(ctx.settings(), ctx.paths.exportsDir)
      const fileName = `rekap-${lang === 'id' ? 'perbandingan' : 'comparison'}-${c.jobA}-${c.jobB}.xlsx`
      const out = path.join(dir, fileName)
      await makeFolderFor(out)
      await writeComparison(c, out, lang)
      return {
        path: out,
        fileName,
        downloadUrl: ctx.downloads.publish(out, fileName),
        changedRows: changedRows(c),
        changedCells: c.changed.length,
        added: c.added.length,
        removed: c.removed.length,
        unchanged: c.unchanged,
      }
    },
    'storage.usage': async () => space(),
    'storage.prunePlan': async ({ olderThanDays }) => prunable(olderThanDays).map(itemView),
    'storage.prune': async ({ olderThanDays, jobIds }) => {
      const shown = jobIds ? new Set(jobIds) : null
      const items = prunable(olderThanDays).filter((i) => !shown || shown.has(i.jobId))
      const lang = ctx.settings().language ?? 'id'
      const lines = await deleteJobs(ctx.store, items, { now: ctx.core.clock.now(), lang, timeZone: ctx.settings().timeZone })
      if (lines.length) ctx.events.emit('jobs.changed', { reason: `${lines.length} job(s) deleted` })
      return { deleted: lines.map((l) => ({ jobId: l.jobId, reportDigest: l.reportDigest })), space: space() }
    },
  }
}
