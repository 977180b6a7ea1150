/**
 * Settings that widen what rekap may read, where it may write, or where the API key may go.
 * The page (the most exposed code: it shows workbook text) must not be able to lower its own
 * defences, so these change only where a person is present: the desktop's native dialog
 * (Electron main answers `confirmWidening`), or a flag given when `rekap ui` starts
 * (`--base-url`, `--allow-outside-paths`, `--folder`). Pure rules; the handler asks.
 */
import { exportsDirOf, type AppSettings } from './app-settings'
import { coreText, type CoreText } from '../core/texts/core-text'

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
export function pageMayNot(w: Widening): CoreText {
  switch (w.kind) {
    case 'key-host':
      return coreText('app.pageMayNotKeyHost', { origin: w.origin })
    case 'outside-paths':
      return coreText('app.pageMayNotOutsidePaths', {})
    case 'exports-dir':
      return coreText('app.pageMayNotExportsDir', {})
  }
}

/** Desktop: the user said no in the native dialog. */
export function notConfirmed(w: Widening): CoreText {
  switch (w.kind) {
    case 'key-host':
      return coreText('app.notConfirmedKeyHost', { origin: w.origin })
    case 'outside-paths':
      return coreText('app.notConfirmedOutsidePaths', {})
    case 'exports-dir':
      return coreText('app.notConfirmedExportsDir', { dir: w.dir })
  }
}
