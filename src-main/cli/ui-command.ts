/**
 * `rekap ui`: flags -> browser mode (src-main/browser/run-ui.ts), prints the one line a user (or a
 * test) needs, and runs until SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { startUi, type RunningUi } from '../browser/run-ui'
import { currentCommand } from './team-command-ref'
import { teamConfigOf, type TeamFlags } from './team-options'
import { asTeamCliError } from './team-cli-error'
import { readTeamPasswordFile } from '../core/team/team-password'
import { buildRenderer, DEFAULT_RENDERER_DIR, rendererBuilt } from '../browser/renderer-build'
import { openInBrowser } from '../browser/open-browser'
import { BrowserServerOptionError, checkBindOptions } from '../browser/server'
import { normaliseServiceUrl, ServiceUrlError } from '../core/net/service-url'
import { coreMessage } from './core-message'
import { dbPathFrom } from './data-file-path'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

export interface UiCommandFlags {
  port: string
  host: string
  allowRemote?: boolean
  allowHost?: string[]
  folder?: string[]
  baseUrl?: string
  allowOutsidePaths?: boolean
  tlsCert?: string
  tlsKey?: string
  open: boolean
  db?: string
  sandboxBalance?: string
  sandboxLatency?: string
  sandboxDataDir?: string
  verbose?: boolean
}

function numberFlag(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0) throw new CliError(t().ui.notANumber(name, raw), EXIT.usage)
  return n
}

/** Every flag checked before anything is built or written (a refused --host must leave no out/ behind). */
function checkedFlags(flags: UiCommandFlags): { port: number | undefined; tls: { cert: Buffer; key: Buffer } | undefined; baseUrl: string | undefined } {
  const port = numberFlag('port', flags.port)
  // the embedded sandbox's numbers too: a typo is said before the renderer is built (minutes), not after
  numberFlag('sandbox-balance', flags.sandboxBalance)
  numberFlag('sandbox-latency', flags.sandboxLatency)
  if (port !== undefined && (!Number.isInteger(port) || port > 65535)) throw new CliError(t().ui.badPort, EXIT.usage)
  if ((flags.tlsCert === undefined) !== (flags.tlsKey === undefined)) {
    throw new CliError(t().ui.tlsPair, EXIT.usage)
  }
  let tls: { cert: Buffer; key: Buffer } | undefined
  if (flags.tlsCert && flags.tlsKey) {
    try {
      tls = { cert: readFileSync(flags.tlsCert), key: readFileSync(flags.tlsKey) }
    } catch (err) {
      throw new CliError(t().ui.tlsUnreadable((err as NodeJS.ErrnoException).code ?? (err as Error).message), EXIT.usage)
    }
  }
  try {
    checkBindOptions({ host: flags.host, allowRemote: flags.allowRemote ?? false, tls })
  } catch (err) {
    if (err instanceof BrowserServerOptionError) throw new CliError(err.reason === 'not-loopback' ? t().ui.notLoopback(err.host) : t().ui.needsTls(err.host), EXIT.usage)
    throw err
  }
  let baseUrl: string | undefined
  if (flags.baseUrl !== undefined) {
    try {
      baseUrl = normaliseServiceUrl(flags.baseUrl)
    } catch (err) {
      if (err instanceof ServiceUrlError) throw new CliError(`--base-url: ${coreMessage(err)}`, EXIT.usage)
      throw err
    }
  }
  return { port, tls, baseUrl }
}

/**
 * The team the app works in when Settings name none: `--team`, `--team-desk`, `--team-password-file`
 * as for every command (else REKAP_TEAM, REKAP_TEAM_DESK, PGPASSWORD of this process), handed to
 * the app as its environment (app/app-team.ts); the password stays in this process, never in argv.
 */
function uiTeamEnv(): NodeJS.ProcessEnv {
  const o = (currentCommand()?.optsWithGlobals() ?? {}) as TeamFlags
  const env = { ...process.env }
  if (o.team) env.REKAP_TEAM = o.team
  if (o.teamDesk) env.REKAP_TEAM_DESK = o.teamDesk
  if (o.teamPasswordFile) {
    try {
      env.PGPASSWORD = readTeamPasswordFile(o.teamPasswordFile)
    } catch (err) {
      throw new CliError(coreMessage(err), EXIT.usage)
    }
  }
  return env
}

/**
 * The team named by the flags (or REKAP_TEAM) is joined once before serving: one that refuses this
 * desk (wrong password, no schema, a certificate that does not prove the server) stops `rekap ui`
 * with its words — the team's address, never the password — and exit 2, as every team command;
 * one merely away is only said (the app's runs wait for it, as a CLI desk's do).
 */
async function checkUiTeam(env: NodeJS.ProcessEnv): Promise<void> {
  const cmd = currentCommand()
  const config = cmd ? teamConfigOf(cmd, env) : null
  if (!config) return
  const core = await import('../core/team')
  try {
    // the password file was read into env.PGPASSWORD already (uiTeamEnv)
    const session = await core.openTeamSession({ ...config, passwordFile: undefined })
    await session.close()
  } catch (err) {
    if (err instanceof core.TeamUnreachableError) {
      process.stderr.write(coreMessage(err) + '\n')
      return
    }
    throw asTeamCliError(err)
  }
}

export async function runUiCommand(flags: UiCommandFlags): Promise<void> {
  const { port, tls, baseUrl } = checkedFlags(flags)
  const env = uiTeamEnv()
  await checkUiTeam(env)
  // REKAP_RENDERER_DIR: serve another build of the renderer (packaging, tests)
  const rendererDir = process.env.REKAP_RENDERER_DIR ? resolve(process.env.REKAP_RENDERER_DIR) : DEFAULT_RENDERER_DIR
  if (!rendererBuilt(rendererDir)) {
    if (rendererDir !== DEFAULT_RENDERER_DIR) throw new CliError(`REKAP_RENDERER_DIR ${rendererDir} has no index.html`, EXIT.usage)
    process.stderr.write(t().ui.building + '\n')
    const problem = buildRenderer()
    if (problem) throw new CliError(t().ui.buildFailed(problem), EXIT.unexpected)
  }
  let ui: RunningUi
  try {
    ui = await startUi({
      dbFile: dbPathFrom(flags.db),
      rendererDir,
      port,
      host: flags.host,
      allowRemote: flags.allowRemote ?? false,
      allowHosts: flags.allowHost ?? [],
      // The page may open uploads and these folders only; on this machine alone, the current folder by default.
      baseUrl,
      allowOutsidePaths: flags.allowOutsidePaths ?? false,
      folders: (flags.folder?.length ? flags.folder : flags.allowRemote ? [] : [process.cwd()]).map((f) => resolve(f)),
      tls,
      verbose: flags.verbose,
      env,
      sandbox: {
        balance: numberFlag('sandbox-balance', flags.sandboxBalance),
        latencyMs: numberFlag('sandbox-latency', flags.sandboxLatency),
        dataDir: flags.sandboxDataDir,
      },
    })
  } catch (err) {
    if (err instanceof BrowserServerOptionError) throw new CliError(err.reason === 'not-loopback' ? t().ui.notLoopback(err.host) : t().ui.needsTls(err.host), EXIT.usage)
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(t().ui.portInUse(String(flags.port)), EXIT.usage)
    throw err
  }
  // Listen for the stop signals before announcing: whoever reads the line may signal at once.
  const stopped = new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      ui.close().then(done, done)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
  process.stdout.write(`rekap ui at ${ui.server.url}\n`)
  if (ui.app.interrupted.length) {
    process.stdout.write(t().ui.interrupted(ui.app.interrupted.length) + '\n')
  }
  // the page that redirects to the link lives until rekap ui stops (the browser may start slowly)
  const removeSignInPage = flags.open ? openInBrowser(ui.server.url) : () => {}

  await stopped
  removeSignInPage()
  process.stdout.write(t().ui.stopped + '\n')
}
