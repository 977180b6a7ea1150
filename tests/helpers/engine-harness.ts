/**
 * Builds the real engine over a real SQLite file, aimed at a real sandbox process,
 * for integration tests. Nothing here is a fake.
 */
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { createEngine, type Engine } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
import { defaultJobSettings, type JobSettings } from '../../src-main/core/model/job-settings'
import type { SandboxProcess } from './sandbox-process'

export interface Harness {
  store: Store
  engine: Engine
  settings(overrides?: Partial<JobSettings>): JobSettings
  close(): Promise<void>
}

export function engineAgainst(sandbox: SandboxProcess, dir: string): Harness {
  const store = openStore(join(dir, `rekap-${Math.random().toString(36).slice(2)}.db`))
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: join(dir, 'pictures'),
    progressIntervalMs: 50,
    resolveTarget: async (s) => ({ baseUrl: s.baseUrl, apiKey: sandbox.key, source: 'sandbox-process', sandbox: false }),
  })
  return {
    store,
    engine,
    settings: (o = {}) => defaultJobSettings({ baseUrl: sandbox.url, allowOutsidePaths: true, ...o }),
    async close() {
      await engine.close()
      store.close()
    },
  }
}
