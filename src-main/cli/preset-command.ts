import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { openStore, type Store } from '../core/store'
import { openDataFile } from './data-file-open'
import { deletePreset, listPresets, loadPreset, presetFromFlags, savePreset, withPreset, PresetError, type Preset } from '../core/unattended/presets'
import { dbPathFrom } from './data-file-path'
import { CliError, EXIT } from './exit-codes'
import { setCliLanguage, t } from './cli-language'
import { coreMessage } from './core-message'
import type { RunOptions } from './run-job'
import { ensurePrivateDir, usePrivateFileModes } from '../core/paths/private-files'
import { dirname, resolve } from 'node:path'
import { checkTimeZone } from '../core/reports/time-zone'

/** The store alone (presets live in its settings); created when missing only if asked. */
function withStore<T>(db: string | undefined, create: boolean, fn: (store: Store) => T): T {
  const file = dbPathFrom(db)
  const missing = !existsSync(file)
  if (missing) {
    if (!create) throw new CliError(t().noDataFile(file), EXIT.usage)
    usePrivateFileModes()
  }
  const store = openDataFile(file, () => {
    if (missing) ensurePrivateDir(dirname(file))
    return openStore(file)
  })
  try {
    return fn(store)
  } finally {
    store.close()
  }
}

/** A flag counts as given when the user typed it (commander's value source), not when it is a default. */
function explicitIn(command: Command): (field: string) => boolean {
  return (field) => command.getOptionValueSource(field) === 'cli' || command.getOptionValueSource(field) === 'env'
}

/** `rekap run --preset NAME`: the preset's settings under the flags typed with it. */
export function applyPreset(opts: RunOptions & { preset?: string; db?: string }, command: Command): RunOptions {
  if (!opts.preset) return opts
  const name = opts.preset
  const preset = withStore(opts.db, false, (store) => loadOrRefuse(store, name))
  const explicit = explicitIn(command)
  const merged = withPreset(preset, opts, explicit)
  // the preset's language, unless --lang was typed (the global option: on the program)
  if (preset.lang && command.parent?.getOptionValueSource('lang') !== 'cli') setCliLanguage(preset.lang)
  return merged
}

/** A saved preset for commands that run with one (`rekap watch`); refused with the names saved. */
export function loadPresetOrRefuse(db: string | undefined, name: string): Preset {
  return withStore(db, false, (store) => loadOrRefuse(store, name))
}

function loadOrRefuse(store: Store, name: string): Preset {
  try {
    const p = loadPreset(store.settings, name)
    if (!p) throw new CliError(t().preset.unknown(name, listPresets(store.settings).map((x) => x.name).join(', ') || '-'), EXIT.usage)
    return p
  } catch (err) {
    if (err instanceof PresetError) throw new CliError(coreMessage(err), EXIT.usage)
    throw err
  }
}

function checkedZone(tz: string): void {
  try {
    checkTimeZone(tz)
  } catch (err) {
    throw new CliError(t().badTimeZone(coreMessage(err)), EXIT.usage)
  }
}

export async function presetSaveCommand(name: string, opts: Record<string, unknown> & { db?: string }, command: Command): Promise<number> {
  try {
    // a zone the report would refuse is refused here, not saved for every later run to fail on
    if (typeof opts.tz === 'string') checkedZone(opts.tz)
    const typed = explicitIn(command)
    // mapped by the command from --max-failing and the global --lang: given when present
    const derived = new Set(['maxFailingShare', 'lang'])
    const flags: Record<string, unknown> = { ...opts, ...(typeof opts.outDir === 'string' ? { outDir: resolve(opts.outDir) } : {}) }
    const preset = presetFromFlags(flags, (f) => typed(f) || (derived.has(f) && flags[f] !== undefined))
    withStore(opts.db as string | undefined, true, (store) => savePreset(store.settings, name, preset))
    process.stdout.write(t().preset.saved(name, Object.keys(preset).join(', ') || '-') + '\n')
    return EXIT.ok
  } catch (err) {
    if (err instanceof PresetError) throw new CliError(coreMessage(err), EXIT.usage)
    throw err
  }
}

export async function presetListCommand(o: { db?: string; json?: boolean }): Promise<number> {
  const file = dbPathFrom(o.db)
  const presets = existsSync(file) ? withStore(o.db, false, (store) => listPresets(store.settings)) : []
  if (o.json) {
    process.stdout.write(JSON.stringify(presets.map((p) => ({ name: p.name, savedAt: new Date(p.savedAt).toISOString(), preset: p.preset }))) + '\n')
    return EXIT.ok
  }
  if (!presets.length) process.stdout.write(t().preset.none + '\n')
  for (const p of presets) process.stdout.write(`${p.name}  ${describe(p.preset)}\n`)
  return EXIT.ok
}

export async function presetShowCommand(name: string, o: { db?: string; json?: boolean }): Promise<number> {
  const preset = withStore(o.db, false, (store) => loadOrRefuse(store, name))
  process.stdout.write((o.json ? JSON.stringify(preset) : `${name}\n${Object.entries(preset).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`).join('\n')}`) + '\n')
  return EXIT.ok
}

export async function presetDeleteCommand(name: string, o: { db?: string }): Promise<number> {
  const gone = withStore(o.db, false, (store) => deletePreset(store.settings, name))
  if (!gone) throw new CliError(t().preset.unknown(name, '-'), EXIT.usage)
  process.stdout.write(t().preset.deleted(name) + '\n')
  return EXIT.ok
}

function describe(p: Preset): string {
  return Object.entries(p)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : String(v)}`)
    .join(' ')
}
