import { basename } from 'node:path'
import type { JobPlanView, SheetPreview } from '../../contract/ipc'
import type { JobKind } from '../../contract/job-kinds'
import { listSheets, openTable } from '../importers'
import { importRowsIntoJob } from '../jobs/planner'
import { cellText } from '../kinds/row-checks'
import { autoMap, directoryKindFor, fieldsOf, guessKind, kindModule } from '../kinds/registry'
import { directoryRow, keptDirectoryOptions } from '../kinds/directory'
import type { EngineCore } from './engine-core'
import { estimateCalls, hitsUsedNow, planView } from './plan-estimate'
import { stateView } from './views'
import type { DirectoryPlanRequest, PlanRequest } from './types'
import { withBoundHeapGrowth } from '../process/heap-growth.mjs'

/** Sheets, header row, a ten-row preview and the guessed kind and mapping of a spreadsheet. */
export async function inspectSheet(file: string, o: { sheet?: string; kind?: JobKind } = {}): Promise<SheetPreview> {
  const sheets = (await listSheets(file)).map((s) => s.name)
  const table = await openTable(file, { sheet: o.sheet, pictures: false })
  try {
    const preview: Array<Record<string, string>> = []
    for await (const row of table.rows()) {
      preview.push(Object.fromEntries(table.headers.map((h) => [h, cellText(row.values[h] ?? null)])))
      if (preview.length >= 10) break
    }
    const kind = o.kind ?? guessKind(table.headers)
    const mapped = kind ? autoMap(kind, table.headers) : { mapping: {}, missing: [] }
    return {
      path: file,
      fileName: basename(file),
      sheets,
      sheet: table.sheet,
      headerRow: table.headerRow,
      headers: table.headers,
      preview,
      suggestedKind: kind,
      mapping: mapped.mapping,
      missing: mapped.missing,
      fields: kind ? fieldsOf(kind).map((f) => ({ name: f.field, required: f.required })) : [],
    }
  } finally {
    await table.close()
  }
}

/**
 * Imports every row of a sheet, runs the pre-flight and stores a `ready` job; nothing is sent.
 * The heap's growth is bounded meanwhile (a 1,000,000-row plan under issue 27's 350 MB).
 */
export function planSheet(core: EngineCore, req: PlanRequest): Promise<JobPlanView> {
  return withBoundHeapGrowth(() => planSheetBounded(core, req))
}

async function planSheetBounded(core: EngineCore, req: PlanRequest): Promise<JobPlanView> {
  const { store, opts, now } = core
  const target = await opts.resolveTarget(req.settings)
  // the callback stays in this thread: the app's importer posts the request to a worker
  const { onJobCreated, sendNothing, signal, ...request } = req
  const stop = planStop(core, signal)
  // the value lists are asked in the plan's turns: a stop sends no more of them either
  const directory = await core.access.directoryOptions(req.kind, req.settings, req.directory, target, sendNothing, stop)
  const planned = await (opts.importRows ?? importRowsIntoJob)(store, { ...request, directory }, {
    picturesDir: opts.picturesDir,
    now,
    maxRows: opts.maxRows,
    onJobCreated,
  })
  // Pairs verified by earlier jobs are answered now, for free, before anything is counted or paid.
  const reused = kindModule(req.kind).reuseEarlierResults?.(store, planned.jobId, req.settings, now())
  const fingerprint = store.jobs.get(planned.jobId)?.inputFingerprint
  // this plan replaces the never-started plans of the same workbook (ten dry runs leave one job),
  // but not one another live process made and may be about to start
  core.plans.hold(planned.jobId)
  if (fingerprint) core.discardPlans(store.jobs.deleteUnstartedPlansOf(fingerprint, req.kind, planned.jobId, core.plans.mayReplace))
  const earlierRun = fingerprint ? earlierRunView(core, store.reuse.earlierRun(fingerprint, req.kind, planned.jobId)) : null
  const calls = await estimateCalls(core, planned.jobId, target, planned.duplicates, reused?.reused ?? 0, { probe: !sendNothing, signal: stop })
  const hitsUsed = await hitsUsedNow(core, planned.jobId, target)
  const view = {
    ...planView(core, planned.jobId, { problems: planned.problems, duplicates: planned.duplicates, hitsUsed, calls, reused, earlierRun, faceWarmUpSeconds: target.faceWarmUpSeconds }),
    outsidePaths: planned.outsidePaths,
    cellWarnings: planned.cellWarnings,
  }
  const kept = { ...view, problems: view.problems.length, outsidePaths: view.outsidePaths.length, cellWarnings: view.cellWarnings.length, directory: keptDirectoryOptions(req.directory) }
  store.jobs.update(planned.jobId, { plan: kept }, now())
  store.jobs.transition(planned.jobId, 'ready', now())
  return view
}

/** A directory sync job from the Directory screen's query (the kind says how its query becomes rows), `ready`. */
export async function planDirectoryQuery(core: EngineCore, req: DirectoryPlanRequest): Promise<JobPlanView> {
  const { store, opts, now } = core
  const target = await opts.resolveTarget(req.settings)
  const kind = directoryKindFor(req.query.product)
  // its value lists and page probes go through the plan's gate with the engine's close as their stop, as a sheet plan's do
  const stop = planStop(core)
  const { units, clientFilters } = await kindModule(kind).fromQuery!.rows(req.query, {
    valueLists: () => core.access.valueListsFor(req.settings, target, stop),
  })
  const j = store.jobs.create({ kind, inputName: null, settings: req.settings, mapping: {}, headers: Object.keys(units[0] ?? {}) }, now())
  store.rows.insertMany(
    j.id,
    units.map((filters, i) => directoryRow(i + 1, { ...filters, ...(clientFilters ? { services: clientFilters.services } : {}) }, filters, undefined, clientFilters)),
    now(),
  )
  const calls = await estimateCalls(core, j.id, target, 0, 0, { signal: stop })
  const view = planView(core, j.id, { problems: [], duplicates: 0, hitsUsed: await hitsUsedNow(core, j.id, target), calls })
  store.jobs.update(j.id, { plan: view }, now())
  store.jobs.transition(j.id, 'ready', now())
  return view
}

/** A plan's stop: its caller's (a watcher's stop), or the engine closing (the app quits), whichever comes first. */
function planStop(core: EngineCore, signal?: AbortSignal): AbortSignal {
  return signal ? AbortSignal.any([signal, core.closed]) : core.closed
}

/** The earlier job of the same workbook as a user sees it: its state and what may be done to it now (a done job is not resumed). */
function earlierRunView(core: EngineCore, earlier: { jobId: string; createdAt: number; finishedAt: number | null } | null): JobPlanView['earlierRun'] {
  const j = earlier && core.store.jobs.get(earlier.jobId)
  if (!earlier || !j) return null
  const ownership = core.owners.ownership(j, core.store.rows.counts(j.id))
  return { jobId: earlier.jobId, state: stateView(j, ownership), createdAt: earlier.createdAt, finishedAt: earlier.finishedAt, actions: ownership.actions }
}
