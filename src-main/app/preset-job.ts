/**
 * A preset chosen in the app (New Job, Folder pantau): loaded from the one preset store and turned
 * into job settings by core's presetJobSettings over the app's Settings, the rule `rekap run
 * --preset NAME` uses over the CLI's defaults. The report's time zone and language follow the
 * preset where it names them (Folder pantau writes its reports itself).
 */
import type { JobKind } from '../contract/job-kinds'
import type { JobSettings } from '../core/model/job-settings'
import { loadPreset, PresetError, type Preset } from '../core/unattended/presets'
import { presetJobSettings } from '../core/unattended/preset-settings'
import { AppError, wordsOf } from './app-error'
import { coreText } from '../core/texts/core-text'
import type { AppContext } from './app-context'
import { jobSettingsFor } from './app-settings'
import { normaliseServiceUrl, serviceOrigin } from '../core/net/service-url'

export function requirePreset(ctx: AppContext, name: string, field = 'preset'): Preset {
  try {
    const preset = loadPreset(ctx.store.settings, name)
    if (!preset) throw new AppError('not-found', coreText('app.noPreset', { name }), field)
    return preset
  } catch (err) {
    if (err instanceof PresetError) throw new AppError('invalid-input', wordsOf(err), field)
    throw err
  }
}

/** A new job's settings: the app's Settings, the preset's fields over them, a budget typed on the screen over both. */
export async function appJobSettings(ctx: AppContext, kind: JobKind, preset: Preset | null, budgetRp?: number | null): Promise<JobSettings> {
  if (preset) requireSameService(ctx, preset)
  const base = jobSettingsFor(ctx.settings(), await ctx.target())
  const settings = preset ? presetJobSettings(base, preset, kind) : base
  return budgetRp === undefined ? settings : { ...settings, budgetRp }
}

/**
 * The app sends requests (and the key) only to the address in Settings, confirmed by a person: a
 * preset saved with another `--base-url` is refused, not followed, and not silently run elsewhere.
 */
function requireSameService(ctx: AppContext, preset: Preset): void {
  if (preset.baseUrl === undefined) return
  const origin = (url: string): string => {
    try {
      const n = normaliseServiceUrl(url)
      return n === '' ? 'sandbox' : serviceOrigin(n)
    } catch {
      return url
    }
  }
  const named = origin(preset.baseUrl)
  const settings = origin(ctx.settings().baseUrl)
  if (named !== settings) {
    throw new AppError('conflict', coreText('app.presetOtherService', { named, settings }), 'preset')
  }
}
