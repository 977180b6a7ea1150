import { makeFolderFor } from '../exports-folder'
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
import { directoryCoverage, notCoveredText } from '../../core/export/directory-coverage'
import { checkedDirectoryQuery } from '../../core/export/directory-values'
import { coreText, renderCoreText, textOfError } from '../../core/texts/core-text'
import { directoryAreaMissing } from '../../contract/directory-area'
import { localRegencySuggestions } from '../../core/engine/regency-suggestions'

type DirectoryHandlers = Pick<
  Handlers,
  | 'directory.regions'
  | 'directory.sync'
  | 'directory.browse'
  | 'directory.export'
  | 'directory.autocomplete'
  | 'directory.valueLists'
  | 'directory.schoolSearch'
>

/** The region pickers read the real tree shipped in idn-area-data: offline, instant, free. */
function regions(level: 'province' | 'regency' | 'district', parentCode?: string): RegionView[] {
  const tree = loadRegionTree()
  if (level === 'province') return tree.provinces.map((p) => ({ code: p.code, name: p.name, level, parentCode: null }))
  if (level === 'district') {
    if (!parentCode || !tree.regencyByCode.has(parentCode)) {
      throw new AppError('not-found', coreText('app.noRegency', { code: parentCode ?? '-' }), 'parentCode')
    }
    return (tree.districtsByRegency.get(parentCode) ?? []).map((d) => ({ code: d.code, name: d.name, level, parentCode }))
  }
  if (parentCode && !tree.provinceByCode.has(parentCode)) {
    throw new AppError('not-found', coreText('app.noProvince', { code: parentCode }), 'parentCode')
  }
  const list = parentCode ? (tree.regenciesByProvince.get(parentCode) ?? []) : tree.regencies
  return list.map((r) => ({ code: r.code, name: r.name, level, parentCode: r.provinceCode }))
}

export function directoryHandlers(ctx: AppContext): DirectoryHandlers {
  return {
    'directory.regions': async ({ level, parentCode }) => regions(level, parentCode),
    'directory.sync': async (query) => {
      if (directoryAreaMissing(query)) {
        // the one area rule (contract/directory-area.ts); a province is expanded by the engine
        throw new AppError('invalid-input', coreText('app.pickRegion', {}), 'regencyCodes')
      }
      const settings = jobSettingsFor(ctx.settings(), await ctx.target())
      const plan = await ctx.engine.planDirectory({ query, settings })
      ctx.events.emit('jobs.changed', { reason: `directory job ${plan.jobId} planned` })
      return ctx.engine.start(plan.jobId)
    },
    // through the engine: paced by the regional rate limiter and counted as a regional hit;
    // with no service to ask (no key yet) the local region tree answers
    'directory.autocomplete': async ({ query }) => {
      const settings = await ctx.target().then((t) => jobSettingsFor(ctx.settings(), t), () => null)
      return settings ? ctx.engine.regencySuggestions(settings, query) : localRegencySuggestions(query)
    },
    'directory.valueLists': async () => ctx.engine.valueLists(jobSettingsFor(ctx.settings(), await ctx.target())),
    'directory.schoolSearch': async ({ query }) => ctx.engine.schoolSearch(jobSettingsFor(ctx.settings(), await ctx.target()), query),
    'directory.browse': async ({ query, offset, limit }) =>
      browseDirectory(ctx.store, query, sourceOf(ctx.settings().baseUrl), offset, limit),
    'directory.export': async ({ query, lang }) => {
      const dir = exportsDirOf(ctx.settings(), ctx.paths.exportsDir)
      // one instant for the file name and the report, both in the Settings zone (not the server's)
      const now = ctx.core.clock.now()
      const timeZone = ctx.settings().timeZone
      const fileName = directoryReportName(query.product, now, lang, timeZone)
      const out = path.join(dir, fileName)
      await makeFolderFor(out)
      const source = sourceOf(ctx.settings().baseUrl)
      // the CLI's export checks the same: known filter values, and whether the cache covers the query
      let checked: typeof query
      try {
        checked = checkedDirectoryQuery(ctx.store, query, source)
      } catch (err) {
        const text = textOfError(err)
        if (text) throw new AppError('invalid-input', renderCoreText(text, lang))
        throw err
      }
      const coverage = directoryCoverage(ctx.store, checked, source)
      const r = (await ctx.reports.writeDirectoryReport(ctx.store, checked, { out, lang, source, timeZone, now })) as { rows?: number }
      const gap = notCoveredText(checked, coverage, r?.rows ?? 0)
      return { path: out, fileName, downloadUrl: ctx.downloads.publish(out, fileName), notCovered: gap ? renderCoreText(gap, lang) : null }
    },
  }
}
