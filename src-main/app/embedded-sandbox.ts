/**
 * The default service target: the local sandbox started inside this process on the first
 * request that needs it (never at launch: the desktop window must open at once), on a free
 * loopback port, with a random key of its own that never leaves this process.
 */
import { randomBytes } from 'node:crypto'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox/index'

/**
 * Seconds the embedded sandbox takes to answer its first face pair (it loads its face engine then;
 * measured 20-28 s on the project's 2 shared cores). A plan adds it while no pair was answered yet.
 */
export const SANDBOX_FACE_WARMUP_S = 20

/** Whether the sandbox's face engine still has to load: no verification answered since it started. */
export function faceWarmUpOf(s: RunningSandbox): number {
  return s.state().charged_calls > 0 ? 0 : SANDBOX_FACE_WARMUP_S
}

/** The plans a job states: the embedded sandbox answers by them (rate limit, monthly quota). */
export type StatedPlans = Parameters<RunningSandbox['setPlans']>[0]

export interface EmbeddedSandbox {
  /** started on first use; with `plans`, it answers by them from now on */
  get(plans?: StatedPlans): Promise<RunningSandbox>
  /** the running sandbox, or null if nothing has asked for it yet */
  current(): RunningSandbox | null
  close(): Promise<void>
}

/** `options` tunes the sandbox for rehearsals and tests (balance, latency, data); port/host/key are fixed. */
export function createEmbeddedSandbox(options: Omit<SandboxOptions, 'port' | 'host' | 'keys' | 'allowRemote'> = {}): EmbeddedSandbox {
  let starting: Promise<RunningSandbox> | null = null
  let running: RunningSandbox | null = null
  function start(): Promise<RunningSandbox> {
    if (!starting) {
      const key = `sbx-${randomBytes(18).toString('hex')}`
      starting = startSandbox({ ...options, port: 0, host: '127.0.0.1', keys: [key] }).then((s) => (running = s))
      starting.catch(() => {
        starting = null // a later request may try again
      })
    }
    return starting
  }
  return {
    async get(plans) {
      const s = await start()
      if (plans) s.setPlans(plans)
      return s
    },
    current: () => running,
    async close() {
      const s = starting ? await starting.catch(() => null) : null
      starting = null
      running = null
      await s?.close()
    },
  }
}
