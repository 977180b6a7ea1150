import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { RegionView } from '../../contract/ipc'
import { loadRegionTree } from '../../core/regions/region-tree'
import { AppError } from '../app-error'
import type { AppContext } from '../app-context'
import { exportsDirOf, jobSettingsFor } from '../app-settings'
import { browseDirectory } from '../directory-browse'
import type { Handlers } from '../dispatch'
import { directoryReportName } from '../export-names'
import { sourceOf } from '../service-target'

type DirectoryHandlers = Pick<Handlers, 'directory.regions' | 'directory.sync' | 'directory.browse' | 'directory.export'>

/** The region pickers read the real tree shipped in idn-area-data: offline, instant, free. */
function regions(level: 'province' | 'regency', parentCode?: string): RegionView[] {
  const tree = loadRegionTree()
  if (level === 'province') return tree.provinces.map((p) => ({ code: p.code, name: p.name, level, parentCode: null }))
  if (parentCode && !tree.provinceByCode.has(parentCode)) {
    throw new AppError('not-found', `There is no province with code ${parentCode}`, 'parentCode')
  }
  const list = parentCode ? (tree.regenciesByProvince.get(parentCode) ?? []) : tree.regencies
  return list.map((r) => ({ code: r.code, name: r.name, level, parentCode: r.provinceCode }))
}

export function directoryHandlers(ctx: AppContext): DirectoryHandlers {
  return {
    'directory.regions': async ({ level, parentCode }) => regions(level, parentCode),
    'directory.sync': async (query) => {
      if (query.product === 'schools' && !query.regencyCodes?.length) {
        // the service lists schools per regency only (spec 4.3)
        throw new AppError('invalid-input', 'regencyCodes: pick at least one regency to sync schools', 'regencyCodes')
      }
      const settings = jobSettingsFor(ctx.settings(), await ctx.target())
      const plan = await ctx.engine.planDirectory({ query, settings })
      ctx.events.emit('jobs.changed', { reason: `directory job ${plan.jobId} planned` })
      return ctx.engine.start(plan.jobId)
    },
    'directory.browse': async ({ query, offset, limit }) =>
      browseDirectory(ctx.store.db, query, sourceOf(ctx.settings().baseUrl), offset, limit),
    'directory.export': async ({ query, lang }) => {
      const dir = exportsDirOf(ctx.settings(), ctx.paths.exportsDir)
      await mkdir(dir, { recursive: true })
      const fileName = directoryReportName(query.product, ctx.core.clock.now(), lang)
      const out = path.join(dir, fileName)
      await ctx.reports.writeDirectoryReport(ctx.store, query, { out, lang })
      return { path: out, fileName, downloadUrl: ctx.downloads.publish(out, fileName) }
    },
  }
}
