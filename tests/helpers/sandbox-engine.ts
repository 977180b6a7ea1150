/**
 * One integration file's engine rig: a temp folder, a real sandbox process and the engine harness
 * aimed at it, started in the file's `beforeAll` and taken down in its `afterAll` in the reverse
 * order (the harness before the sandbox it talks to; the folder last, once nothing writes in it).
 *
 *   const rig = useSandboxEngine({ sandbox: { args: ['--balance', '100000'] } })
 *   it('…', async () => { const plan = await rig.harness.engine.plan({ file, kind, settings: rig.harness.settings() }) })
 */
import { afterAll, beforeAll } from 'vitest'
import { engineAgainst, type Harness } from './engine-harness'
import { startSandboxProcess, type SandboxProcess, type SandboxProcessOptions } from './sandbox-process'
import { makeTempDir } from './temp-dir'
import { started } from './started'

export interface SandboxEngineOptions {
  /** flags of `rekap sandbox` (balance, plan, latency) */
  sandbox?: SandboxProcessOptions
  /** files the tests need in the folder before the sandbox starts */
  beforeSandbox?: (dir: string) => Promise<void>
  /** the beforeAll's timeout: the sandbox's start-up on two shared cores */
  timeoutMs?: number
}

export interface SandboxEngine {
  readonly dir: string
  readonly sandbox: SandboxProcess
  readonly harness: Harness
}

export function useSandboxEngine(opts: SandboxEngineOptions = {}): SandboxEngine {
  let tmp: ReturnType<typeof makeTempDir> | undefined
  let sandbox: SandboxProcess | undefined
  let harness: Harness | undefined

  beforeAll(async () => {
    tmp = makeTempDir()
    await opts.beforeSandbox?.(tmp.dir)
    sandbox = await startSandboxProcess(opts.sandbox)
    harness = engineAgainst(sandbox, tmp.dir)
  }, opts.timeoutMs ?? 60_000)

  afterAll(async () => {
    await harness?.close()
    await sandbox?.stop()
    tmp?.cleanup()
  })

  return {
    get dir() {
      return started(tmp, 'useSandboxEngine', 'temp folder').dir
    },
    get sandbox() {
      return started(sandbox, 'useSandboxEngine', 'sandbox')
    },
    get harness() {
      return started(harness, 'useSandboxEngine', 'harness')
    },
  }
}
