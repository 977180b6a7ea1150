import { ensurePrivateDir, privateStoreFiles, usePrivateFileModes } from '../core/paths/private-files'
import { rememberDataFile } from './opened-data-file'
import { openDataFile } from './data-file-open'
import { dirname } from 'node:path'
import { openStore, type Store } from '../core/store'
import { createEngine, picturesDirFor, type Engine, type ServiceTarget } from '../core/engine'
import { defaultContext, stderrLogger } from '../core/context'
import { createEmbeddedSandbox, warmUpMemoryIn, type EmbeddedSandbox } from '../app/embedded-sandbox'
import { defaultDataDir } from '../app/app-paths'
import { dbPathFrom } from './data-file-path'
import type { SandboxOptions } from '../sandbox'
import { CliError, EXIT } from './exit-codes'
import { normaliseServiceUrl, ServiceUrlError } from '../core/net/service-url'
import { t } from './cli-language'
import { tallyingLogger, type RetryTally } from './retry-tally'
import { coreMessage } from './core-message'
import { coreText } from '../core/texts/core-text'
import { deferredCoordination } from '../core/coordination/deferred'
import { inTeam } from './team-command-ref'

export interface CliServiceOptions {
  db?: string
  baseUrl?: string
  key?: string
  verbose?: boolean
  /** embedded sandbox tuning (tests, rehearsals) */
  sandbox?: Omit<SandboxOptions, 'port' | 'host' | 'keys' | 'allowRemote'>
}

export interface CliEngine {
  store: Store
  engine: Engine
  sandbox: EmbeddedSandbox
  dataDir: string
  key: string | undefined
  /** retries and 429 back-offs of this process (printed with --verbose) */
  retries: RetryTally
  verbose: boolean
  /** in a team: stops with the reason when the team store refuses this desk (else resolves) */
  joinTeam(): Promise<void>
  /** the secret the account id is keyed with: the team's shared one once joined, else this computer's */
  accountSecret(): string | undefined
  close(): Promise<void>
}

/** `--base-url` through the one service-address rule (https for any host but this machine). */
export function serviceUrlFlag(raw: string): string {
  try {
    const url = normaliseServiceUrl(raw)
    if (!url) throw new ServiceUrlError(coreText('url.empty', {}))
    return url
  } catch (err) {
    if (err instanceof ServiceUrlError) throw new CliError(`--base-url ${raw}: ${coreMessage(err)}`, EXIT.usage)
    throw err
  }
}

/** The API key as already read by readCliKey (cli-key.ts), else REKAP_API_KEY. Never printed. */
export function keyFrom(key: string | undefined): string | undefined {
  return key || process.env.REKAP_API_KEY || undefined
}

/** Runs every step; the first failure is thrown once all have run. */
async function closeEach(steps: Array<() => unknown>): Promise<void> {
  let first: { err: unknown } | null = null
  for (const step of steps) {
    try {
      await step()
    } catch (err) {
      first ??= { err }
    }
  }
  if (first) throw first.err
}

export function openCliEngine(o: CliServiceOptions): CliEngine {
  const dbFile = dbPathFrom(o.db)
  rememberDataFile(dbFile)
  const dataDir = dirname(dbFile)
  usePrivateFileModes()
  const store: Store = openDataFile(dbFile, () => {
    ensurePrivateDir(dataDir, { ownFolder: dataDir === defaultDataDir() })
    ensurePrivateDir(picturesDirFor(dataDir), { files: true })
    const opened = openStore(dbFile)
    try {
      privateStoreFiles(dbFile)
    } catch (err) {
      opened.close()
      throw err
    }
    return opened
  })
  const key = keyFrom(o.key)
  const sandbox = createEmbeddedSandbox(o.sandbox ?? {}, warmUpMemoryIn(store.settings))
  const { logger, tally } = tallyingLogger(stderrLogger(o.verbose ? 'debug' : 'warn', () => (key ? [key] : []), (level) => t().logLevel[level], (text) => t().core(text)))
  const clock = defaultContext().clock
  // in a team, the team store's coordination and job publisher (their driver loaded only then); else the engine's own
  const team = inTeam() ? import('./team-coordination').then((m) => m.deskTeamFor(store, clock)) : null
  const coordination = team ? deferredCoordination(async () => (await team)!.coordination) : undefined
  let joined: Awaited<typeof team> | undefined
  void team?.then((t) => (joined = t), () => {})
  const accountSecret = (): string | undefined => joined?.coordination.sharedAccountSecret()
  const ctx = defaultContext({ logger, coordination, accountSecret })
  const engine = createEngine({
    store,
    ctx,
    picturesDir: picturesDirFor(dataDir),
    resolveTarget: async (settings): Promise<ServiceTarget> => {
      if (settings.sandbox) {
        // a rehearsal answers like the plans the job states (--hospital-plan premium: 100 rps, no quota)
        const s = await sandbox.get({ hospitalPlan: settings.hospitalPlan, schoolPlan: settings.schoolPlan, regionalPlan: settings.regionalPlan })
        return { baseUrl: s.url, apiKey: s.keys[0], source: 'sandbox', sandbox: true, faceWarmUpSeconds: sandbox.faceWarmUpSeconds(s) }
      }
      if (!key) throw new CliError(t().needsKey, EXIT.blocked)
      // a job stored before the https rule (or by hand) is held to it too before the key goes out
      const baseUrl = serviceUrlFlag(settings.baseUrl)
      return { baseUrl, apiKey: key, source: new URL(baseUrl).host, sandbox: false }
    },
  })
  void team?.then((t) => t?.attach(engine), () => {})
  return {
    store,
    engine,
    sandbox,
    dataDir,
    key,
    retries: tally,
    verbose: o.verbose ?? false,
    accountSecret,
    joinTeam: async () => {
      if (team) await (await import('./team-coordination')).checkTeamJoin((await team)?.coordination)
    },
    async close() {
      // every part is closed even when one fails (a full disk refuses the engine's last writes):
      // an embedded sandbox left open would keep the process alive after its error was said
      await closeEach([
        () => engine.close(),
        // the jobs' final states (and a finished job's doubtful pairs) to the team before leaving
        async () => (await team)?.close(),
        () => sandbox.close(),
        // rows of jobs this command deleted or replaced go in the background (job-removal.ts): finish
        // them, else they stay in the file until the next command that deletes a job
        () => store.removalsDone(),
        () => store.close(),
      ])
    },
  }
}
