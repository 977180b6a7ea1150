/**
 * The composition root shared by the desktop app and browser mode: opens the store, builds
 * the engine against the embedded-sandbox-or-service target, wires engine events into the
 * hub, tells interrupted jobs apart, and returns the context with its handlers.
 */
import { ensurePrivateDir, privateStoreFiles, usePrivateFileModes } from '../core/paths/private-files'
import { isInside } from '../core/paths/inside-folder'
import { openDataFile } from '../core/paths/data-file-open'
import { cleanOldUploads } from './upload-retention'
import { defaultDataDir } from './app-paths'
import { defaultContext, type CoreContext } from '../core/context'
import { createEngine, picturesDirFor, type Engine } from '../core/engine'
import { openStore, type Store } from '../core/store'
import { createAppContext, type AppContext, type AppMode, type Downloads } from './app-context'
import type { AppPaths } from './app-paths'
import { createHandlers } from './create-handlers'
import { folderWatchOf } from './handlers/watch'
import type { Handlers } from './dispatch'
import { createEmbeddedSandbox, warmUpMemoryIn, type EmbeddedSandbox } from './embedded-sandbox'
import { createEventHub, forwardEngineEvents, type EventHub } from './event-hub'
import { watchStoreChanges } from './store-watch'
import { forwardJobNotices } from './job-notices'
import type { KeyVault } from './key-vault'
import type { ReportWriters } from './report-writers'
import { reportWritersWith } from './core-report-writers'
import { HeavyWork } from '../core/workers/heavy-work'
import { importRowsIntoJob } from '../core/jobs/planner'
import { targetForJob } from './service-target'
import { readAppSettings } from './app-settings'
import type { SandboxOptions } from '../sandbox/index'
import { appTeamConfig, createAppTeam, type AppTeam } from './app-team'

export interface OpenAppOptions {
  mode: AppMode
  paths: AppPaths
  /** builds the key vault once the store is open (Electron: safeStorage; browser: environment) */
  vault: (store: Store) => KeyVault
  /** team mode: the team store's password (Electron: safeStorage); absent: PGPASSWORD / ~/.pgpass */
  teamVault?: (store: Store) => KeyVault
  /** where REKAP_TEAM, REKAP_TEAM_DESK and PGPASSWORD are read when Settings name no team (default process.env) */
  env?: NodeJS.ProcessEnv
  platformLanguage: string
  downloads?: Downloads
  core?: Partial<CoreContext>
  /** embedded sandbox tuning for rehearsals and tests */
  sandbox?: Omit<SandboxOptions, 'port' | 'host' | 'keys' | 'allowRemote'>
  reports?: ReportWriters
  /** desktop: the native confirmation of a widening setting (see AppContext.confirmWidening) */
  confirmWidening?: AppContext['confirmWidening']
  /** browser mode: folders (besides uploads) whose files may be opened; undefined = no limit */
  allowedFolders?: string[]
  /** progress snapshots per job at most this often (engine default 250 ms) */
  progressIntervalMs?: number
  /** plans' imports and job reports in a worker thread (default true): this process serves the UI */
  heavyWorkThreads?: boolean
}

export interface OpenApp {
  ctx: AppContext
  handlers: Handlers
  /** jobs found `running` by a dead process at launch, now paused and offered for resume */
  interrupted: string[]
  close(): Promise<void>
}

export function openApp(o: OpenAppOptions): OpenApp {
  const store = openPrivateStore(o.paths)
  let sandbox: EmbeddedSandbox | null = null
  let heavyWork: HeavyWork | null = null
  let team: AppTeam | null = null
  try {
    const vault = o.vault(store)
    const teamVault = o.teamVault?.(store)
    sandbox = createEmbeddedSandbox(o.sandbox ?? {}, warmUpMemoryIn(store.settings))
    const embedded = sandbox
    const env = o.env ?? process.env
    const clock = defaultContext(o.core).clock
    // Settings → Team (else REKAP_TEAM): the same team coordination and job publishing as a CLI desk
    const appTeam = createAppTeam(store, clock, () => appTeamConfig(readAppSettings(store.settings), teamVault, env))
    team = appTeam
    const core = defaultContext({ ...o.core, coordination: o.core?.coordination ?? appTeam.coordination, accountSecret: () => appTeam.accountSecret() })
    const heavy = o.heavyWorkThreads === false ? null : new HeavyWork()
    heavyWork = heavy
    const engine = appEngine(o, store, core, heavy, vault, embedded)
    appTeam.attach(engine)
    const events = createEventHub()
    const stopEvents = wireEvents(store, engine, events)
    const ctx = createAppContext({
      mode: o.mode,
      store,
      engine,
      vault,
      teamVault,
      teamEnv: env,
      teamJoin: () => appTeam.checkJoin(),
      sandbox,
      paths: o.paths,
      events,
      core,
      reports: o.reports ?? reportWritersWith(heavy),
      downloads: o.downloads,
      platformLanguage: o.platformLanguage,
      allowedFolders: o.allowedFolders ? [o.paths.uploadsDir, ...o.allowedFolders] : null,
      confirmWidening: o.confirmWidening,
    })
    // Jobs a process that died left running: shown `interrupted` (nothing is changed until one is resumed).
    const interrupted = engine.interruptedJobs()
    engine.discardStalePlans()
    if (interrupted.length) events.emit('jobs.changed', { reason: `${interrupted.length} interrupted job(s) can be resumed` })
    const retentionTimer = keepUploadsTidy(store, o.paths.uploadsDir, () => ctx.settings().uploadRetentionDays)
    const handlers = createHandlers(ctx)
    // the folder Folder pantau watched when the app last closed: watched again, its taken files resumed
    const folderWatch = folderWatchOf(ctx)
    const resumingWatch = folderWatch.resume()
    let closing: Promise<void> | null = null
    return {
      ctx,
      handlers,
      interrupted,
      close() {
        closing ??= (async () => {
          clearInterval(retentionTimer)
          // kept in Settings: the next start watches the folder again
          await resumingWatch
          await folderWatch.stop(false)
          stopEvents()
          await engine.close()
          // the jobs' last states to the team, then its lease and connections
          await appTeam.close()
          await heavy?.close()
          await embedded.close()
          store.close()
        })()
        return closing
      },
    }
  } catch (err) {
    void heavyWork?.close()
    void team?.close()
    void sandbox?.close()
    store.close()
    throw err
  }
}

/** The engine of the app: plans' imports on the heavy-work thread when there is one, jobs' targets from Settings. */
function appEngine(
  o: OpenAppOptions,
  store: Store,
  core: CoreContext,
  heavy: HeavyWork | null,
  vault: KeyVault,
  embedded: EmbeddedSandbox,
): Engine {
  return createEngine({
    importRows: heavy ? heavy.importer(importRowsIntoJob) : undefined,
    store,
    ctx: core,
    picturesDir: picturesDirFor(o.paths.dataDir),
    resolveTarget: (settings) => targetForJob(settings, vault, embedded, readAppSettings(store.settings)),
    progressIntervalMs: o.progressIntervalMs,
    // a blocked job's reason in the app's language (Settings, else Indonesian)
    textLang: () => readAppSettings(store.settings).language ?? 'id',
  })
}

/** Engine events, job notices and other processes' store changes into the hub; returns the stop of all three. */
function wireEvents(store: Store, engine: Engine, events: EventHub): () => void {
  const stopForwarding = forwardEngineEvents(engine, events)
  // a job that ended, is blocked or needs review: a notice in the app's language (job-notices.ts)
  const stopNotices = forwardJobNotices(store, events, () => readAppSettings(store.settings).language ?? 'id')
  // what another rekap process changes in the same store reaches open screens too
  const stopWatching = watchStoreChanges(store, engine, events)
  return () => {
    stopForwarding()
    stopNotices()
    stopWatching()
  }
}

/** Old uploads go after the retention period (now, then daily); the input of an unfinished job stays. */
function keepUploadsTidy(store: Store, uploadsDir: string, retentionDays: () => number): NodeJS.Timeout {
  const cleanUploads = (): void => {
    const unfinished = store.jobs.list().filter((j) => j.state !== 'done' && j.state !== 'cancelled' && j.inputFile)
    cleanOldUploads(uploadsDir, retentionDays(), Date.now(), (folder) => unfinished.some((j) => isInside(folder, j.inputFile!)))
  }
  cleanUploads()
  const retentionTimer = setInterval(cleanUploads, 86_400_000)
  retentionTimer.unref()
  return retentionTimer
}

/** The app's folders and store, opened private: other people's ID photos and NIKs live here (folders 0700, files 0600; core/paths/private-files.ts). */
function openPrivateStore(paths: AppPaths): Store {
  usePrivateFileModes()
  // a place that cannot hold the data file is said as rekap run --db says it (the file and why)
  return openDataFile(paths.dbFile, () => {
    ensurePrivateDir(paths.dataDir, { ownFolder: paths.dataDir === defaultDataDir() })
    for (const dir of [paths.exportsDir, paths.uploadsDir, picturesDirFor(paths.dataDir)]) ensurePrivateDir(dir, { files: true })
    const store = openStore(paths.dbFile)
    try {
      privateStoreFiles(paths.dbFile)
    } catch (err) {
      store.close()
      throw err
    }
    return store
  })
}
