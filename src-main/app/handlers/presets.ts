/**
 * Presets in the app: the same store and the same functions as `rekap preset` (a preset saved in
 * the CLI is listed here and the other way round). The New Job screen saves its kind, sheet,
 * mapping and budget; a preset never holds the API key (the preset schema has no place for one).
 */
import type { PresetView } from '../../contract/ipc'
import { deletePreset, listPresets, mapOfMapping, mappingOfMap, PresetError, savePreset, type Preset } from '../../core/unattended/presets'
import { AppError, wordsOf } from '../app-error'
import { coreText } from '../../core/texts/core-text'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'

function presetView(p: { name: string; savedAt: number; preset: Preset }): PresetView {
  return {
    name: p.name,
    savedAt: p.savedAt,
    kind: p.preset.kind ?? null,
    sheet: p.preset.sheet ?? null,
    mapping: mappingOfMap(p.preset.map),
    budgetRp: p.preset.budget ?? null,
    fields: Object.keys(p.preset),
  }
}

export function presetHandlers(ctx: AppContext): Pick<Handlers, 'presets.list' | 'presets.save' | 'presets.delete'> {
  const list = (): PresetView[] => listPresets(ctx.store.settings).map(presetView)
  return {
    'presets.list': async () => list(),
    'presets.save': async ({ name, kind, sheet, mapping, budgetRp }) => {
      const preset: Preset = { kind, map: mapOfMapping(mapping) }
      if (sheet) preset.sheet = sheet
      if (budgetRp !== undefined && budgetRp !== null) preset.budget = budgetRp
      try {
        savePreset(ctx.store.settings, name, preset, ctx.core.clock.now())
      } catch (err) {
        if (err instanceof PresetError) throw new AppError('invalid-input', wordsOf(err), 'name')
        throw err
      }
      return list()
    },
    'presets.delete': async ({ name }) => {
      if (!deletePreset(ctx.store.settings, name)) throw new AppError('not-found', coreText('app.noPreset', { name }), 'name')
      return list()
    },
  }
}
