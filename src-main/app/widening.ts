/**
 * Settings that widen what rekap may read, where it may write, or where the API key may go.
 * The page (the most exposed code: it shows workbook text) must not be able to lower its own
 * defences, so these change only where a person is present: the desktop's native dialog
 * (Electron main answers `confirmWidening`), or a flag given when `rekap ui` starts
 * (`--base-url`, `--allow-outside-paths`, `--folder`). Pure rules; the handler asks.
 */
import { exportsDirOf, type AppSettings } from './app-settings'

export type Widening = { kind: 'key-host'; origin: string } | { kind: 'outside-paths' } | { kind: 'exports-dir'; dir: string }

/**
 * The changes from `current` to `next` that widen access (narrowing ones never need asking). The
 * exports folder compares where exports actually go (null = `defaultExportsDir`), so saving the
 * screen as shown asks nothing.
 */
export function wideningsOf(current: AppSettings, next: AppSettings, defaultExportsDir: string): Widening[] {
  const out: Widening[] = []
  if (next.keyHost !== null && next.keyHost !== current.keyHost) out.push({ kind: 'key-host', origin: next.keyHost })
  if (next.allowOutsidePaths && !current.allowOutsidePaths) out.push({ kind: 'outside-paths' })
  const dir = exportsDirOf(next, defaultExportsDir)
  if (dir !== exportsDirOf(current, defaultExportsDir)) out.push({ kind: 'exports-dir', dir })
  return out
}

/** Which field a widening belongs to (errors name it). */
export function wideningField(w: Widening): 'baseUrl' | 'allowOutsidePaths' | 'dataDir' {
  return w.kind === 'key-host' ? 'baseUrl' : w.kind === 'outside-paths' ? 'allowOutsidePaths' : 'dataDir'
}

/** Browser mode: the page alone cannot make this change; the words say which start flag does. */
export function pageMayNot(w: Widening): string {
  switch (w.kind) {
    case 'key-host':
      return `baseUrl: in rekap ui the page cannot send the API key to a new host (${w.origin}); start rekap ui --base-url ${w.origin} to confirm it`
    case 'outside-paths':
      return 'allowOutsidePaths: in rekap ui the page cannot allow photo paths outside the workbook folder; start rekap ui --allow-outside-paths'
    case 'exports-dir':
      return 'dataDir: in rekap ui, exports go to the data folder or a folder rekap ui was started with (--folder)'
  }
}

/** Desktop: the user said no in the native dialog. */
export function notConfirmed(w: Widening): string {
  switch (w.kind) {
    case 'key-host':
      return `baseUrl: you did not confirm sending the API key to ${w.origin}; nothing was changed`
    case 'outside-paths':
      return 'allowOutsidePaths: you did not confirm reading photo paths outside the workbook folder; nothing was changed'
    case 'exports-dir':
      return `dataDir: you did not confirm writing exports to ${w.dir}; nothing was changed`
  }
}
