/**
 * The composition root of browser mode. Opens the app (store, engine, embedded sandbox) exactly
 * like the desktop app and serves it on loopback. `rekap ui` (src-main/cli/ui-command.ts) and the
 * tests start it.
 */
import { dirname } from 'node:path'
import { appPaths } from '../app/app-paths'
import { envKeyVault } from '../app/key-vault'
import { openApp, type OpenApp, type OpenAppOptions } from '../app/open-app'
import { stderrLogger } from '../core/context'
import { serviceOrigin } from '../core/net/service-url'
import { createDownloadRegistry } from './download-registry'
import { DEFAULT_RENDERER_DIR } from './renderer-build'
import { startBrowserServer, type RunningBrowserServer } from './server'

export interface StartUiOptions {
  dbFile: string
  port?: number
  host?: string
  allowRemote?: boolean
  allowHosts?: string[]
  /** folders whose files the page may open, besides uploads (default: none) */
  folders?: string[]
  /**
   * What only the person starting rekap ui may decide (the page cannot: app/widening.ts): the
   * service address the key is confirmed for (already normalised), and photo paths outside the
   * workbook's folder. Without the flag, outside paths are off for this session.
   */
  baseUrl?: string
  allowOutsidePaths?: boolean
  tls?: { cert: Buffer | string; key: Buffer | string }
  rendererDir?: string
  sandbox?: OpenAppOptions['sandbox']
  env?: NodeJS.ProcessEnv
  verbose?: boolean
  progressIntervalMs?: number
}

export interface RunningUi {
  server: RunningBrowserServer
  app: OpenApp
  close(): Promise<void>
}

/** Starts browser mode in this process (the CLI action and the tests both use it). */
export async function startUi(o: StartUiOptions): Promise<RunningUi> {
  const downloads = createDownloadRegistry()
  let secrets: () => string[] = () => []
  const app = openApp({
    mode: 'browser',
    paths: appPaths(dirname(o.dbFile), o.dbFile),
    vault: () => envKeyVault(o.env ?? process.env),
    platformLanguage: Intl.DateTimeFormat().resolvedOptions().locale,
    downloads,
    core: { logger: stderrLogger(o.verbose ? 'debug' : 'warn', () => secrets()) },
    sandbox: o.sandbox,
    progressIntervalMs: o.progressIntervalMs,
    allowedFolders: o.folders ?? [],
    env: o.env ?? process.env,
  })
  secrets = () => app.ctx.secrets()
  const settings = app.ctx.settings()
  app.ctx.saveSettings({
    ...settings,
    allowOutsidePaths: o.allowOutsidePaths ?? false,
    ...(o.baseUrl ? { baseUrl: o.baseUrl, keyHost: serviceOrigin(o.baseUrl) } : {}),
  })
  try {
    const server = await startBrowserServer({
      ctx: app.ctx,
      handlers: app.handlers,
      downloads,
      rendererDir: o.rendererDir ?? DEFAULT_RENDERER_DIR,
      port: o.port,
      host: o.host,
      allowRemote: o.allowRemote,
      allowHosts: o.allowHosts,
      tls: o.tls,
    })
    return {
      server,
      app,
      async close() {
        await server.close()
        await app.close()
      },
    }
  } catch (err) {
    await app.close()
    throw err
  }
}
