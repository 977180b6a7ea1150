/**
 * Everything a command handler may touch, built by injection (the composition roots are
 * src-main/electron/main.ts and src-main/browser/run-ui.ts (via cli/ui-command.ts); tests build their own). Handlers
 * never reach for globals: no electron import, no process.env, no module-level state.
 */
import type { CoreContext } from '../core/context'
import type { Engine } from '../core/engine/types'
import type { JobSettings } from '../core/model/job-settings'
import type { Store } from '../core/store'
import type { AppPaths } from './app-paths'
import { readAppSettings, writeAppSettings, type AppSettings } from './app-settings'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { EventHub } from './event-hub'
import type { KeyVault } from './key-vault'
import type { ReportWriters } from './report-writers'
import type { Widening } from './widening'
import { currentTarget, targetForJob, type ServiceTarget } from './service-target'

export type AppMode = 'electron' | 'browser'

export interface Downloads {
  /** browser mode: a one-off `/download/<id>` link for a file rekap wrote; Electron: null (the path is shown) */
  publish(file: string, fileName: string): string | null
}

export const NO_DOWNLOADS: Downloads = { publish: () => null }

export interface AppContext {
  mode: AppMode
  store: Store
  engine: Engine
  vault: KeyVault
  /** team mode: the team store's password (desktop: encrypted like the key); absent: PGPASSWORD / ~/.pgpass */
  teamVault?: KeyVault
  /** where REKAP_TEAM (and PGPASSWORD) are read when Settings name no team; absent: process.env */
  teamEnv?: NodeJS.ProcessEnv
  /** in a team: rejects with the reason when the team store refuses this desk (app-team.ts checkJoin) */
  teamJoin?: () => Promise<void>
  sandbox: EmbeddedSandbox
  paths: AppPaths
  events: EventHub
  core: CoreContext
  reports: ReportWriters
  downloads: Downloads
  /** e.g. 'id-ID' or 'en-US': the renderer picks its first language from this */
  platformLanguage: string
  settings(): AppSettings
  saveSettings(next: AppSettings): void
  /** where a new job's requests go (starts the embedded sandbox if that is the target) */
  target(): Promise<ServiceTarget>
  /** where a stored job's requests go */
  targetForJob(settings: Pick<JobSettings, 'baseUrl' | 'sandbox'>): Promise<ServiceTarget>
  /**
   * Desktop: asks the user in a native dialog (outside the page) before a setting widens access
   * (the key to a new host, photo paths outside the workbook, exports elsewhere), so a compromised
   * page cannot lower its own defences. Absent in browser mode: there only start flags do (widening.ts).
   */
  confirmWidening?: (change: Widening) => Promise<boolean>
  /** browser mode: the only folders whose files may be opened (uploads + `rekap ui --folder`); null = no limit (desktop) */
  allowedFolders: string[] | null
  /** every secret this process knows, for masking messages */
  secrets(): string[]
}

/** What createAppContext is given: the context's parts, without what it derives from them. */
export type AppContextParts = Omit<AppContext, 'downloads' | 'settings' | 'saveSettings' | 'target' | 'targetForJob' | 'secrets' | 'allowedFolders'> & {
  downloads?: Downloads
  allowedFolders?: string[] | null
}

export function createAppContext(parts: AppContextParts): AppContext {
  const ctx: AppContext = {
    ...parts,
    downloads: parts.downloads ?? NO_DOWNLOADS,
    allowedFolders: parts.allowedFolders ?? null,
    settings: () => readAppSettings(parts.store.settings),
    saveSettings: (next) => writeAppSettings(parts.store.settings, next),
    target: () => currentTarget(ctx.settings(), parts.vault, parts.sandbox),
    targetForJob: (s) => targetForJob(s, parts.vault, parts.sandbox, ctx.settings()),
    secrets: () => {
      const out: string[] = []
      const key = parts.vault.get()
      if (key) out.push(key, encodeURIComponent(key))
      const teamPassword = parts.teamVault?.get()
      if (teamPassword) out.push(teamPassword, encodeURIComponent(teamPassword))
      const s = parts.sandbox.current()
      if (s) out.push(...s.keys, s.adminToken)
      return out
    },
  }
  return ctx
}
