/**
 * A new plan replaces the never-started plans of the same workbook (ten dry runs leave one job),
 * but it deleted them whoever held them: a plan another live process had just made and was about
 * to start (the app at its confirmation, a `rekap run` asking "continue?") vanished when a second
 * desk or a script planned the same workbook, and its Start failed with "no job". Now a plan is
 * replaced only when its planner is this engine or a process that has ended.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../src-main/core/store'
import { createEngine, type Engine } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { startSandboxProcess, REPO_ROOT, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
const file = join(REPO_ROOT, 'examples/templates/hospital-lookup.xlsx')

beforeAll(async () => {
  tmp = makeTempDir('rekap-plan-held-')
  sandbox = await startSandboxProcess()
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

/** A desk: its own connection and engine on the shared data file (another process, as far as the store can tell). */
function desk(db: string, processAlive?: (pid: number) => boolean): { store: Store; engine: Engine; close: () => Promise<void> } {
  const store = openStore(db)
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: join(tmp.dir, 'pictures'),
    progressIntervalMs: 50,
    resolveTarget: async (s) => ({ baseUrl: s.baseUrl, apiKey: sandbox.key, source: 'sandbox-process', sandbox: false }),
    ...(processAlive ? { processAlive } : {}),
  })
  return { store, engine, close: async () => (await engine.close(), store.close()) }
}

const settings = () => defaultJobSettings({ baseUrl: sandbox.url, allowOutsidePaths: true })

describe('a plan another live process holds', () => {
  it('is kept when a second desk plans the same workbook, and it still runs', async () => {
    const db = join(tmp.dir, 'two-desks.db')
    const a = desk(db)
    const b = desk(db)
    try {
      const planA = await a.engine.plan({ file, kind: 'hospital-lookup', settings: settings() })
      const planB = await b.engine.plan({ file, kind: 'hospital-lookup', settings: settings() })
      expect(a.store.jobs.get(planA.jobId)?.state).toBe('ready')
      await a.engine.start(planA.jobId)
      const done = await a.engine.settled(planA.jobId)
      expect(done.state).toBe('done')
      expect(b.store.jobs.get(planB.jobId)?.state).toBe('ready')
    } finally {
      await a.close()
      await b.close()
    }
  }, 60_000)

  it('is replaced when the same desk plans again, or when the process that planned it has ended', async () => {
    const db = join(tmp.dir, 'replaced.db')
    const a = desk(db)
    // a desk that sees every other process as ended (a dry run's `rekap run` that has exited)
    const b = desk(db, () => false)
    try {
      const first = await a.engine.plan({ file, kind: 'hospital-lookup', settings: settings() })
      const second = await a.engine.plan({ file, kind: 'hospital-lookup', settings: settings() })
      expect(a.store.jobs.get(first.jobId)).toBeUndefined()
      const third = await b.engine.plan({ file, kind: 'hospital-lookup', settings: settings() })
      expect(b.store.jobs.get(second.jobId)).toBeUndefined()
      expect(b.store.jobs.list().map((j) => j.id)).toEqual([third.jobId])
    } finally {
      await a.close()
      await b.close()
    }
  }, 60_000)
})
