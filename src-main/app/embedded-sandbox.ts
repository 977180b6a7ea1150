/**
 * The default service target: the local sandbox started inside this process on the first
 * request that needs it (never at launch: the desktop window must open at once), on a free
 * loopback port, with a random key of its own that never leaves this process.
 */
import { randomBytes } from 'node:crypto'
// only types at load: the sandbox (its routes, generators, upload parser) loads when first asked for,
// so a command that never talks to it (`rekap jobs`, `export`, `review`...) does not compile it (issue 27)
import type { RunningSandbox, SandboxOptions } from '../sandbox/index'

/**
 * The face engine's warm-up (its load plus the first pair) before it answers anything. Measured
 * on this machine the first time and remembered in the store: on the project's 2 shared cores it
 * was 1.7 s quiet (load 3) and 20-28 s with eight engineers on them, so no constant fits every
 * machine. Until one was measured, a plan assumes DEFAULT_FACE_WARMUP_MS.
 */
export const DEFAULT_FACE_WARMUP_MS = 3_000

/** Where the last measured warm-up is kept (the store's settings, one value per machine's store). */
export interface WarmUpMemory {
  get(): number | null
  set(ms: number): void
}

export const FACE_WARMUP_SETTING = 'sandbox.faceWarmUpMs'

export function warmUpMemoryIn(settings: { get<T>(key: string): T | undefined; set(key: string, value: unknown): void }): WarmUpMemory {
  return {
    get: () => {
      const v = settings.get<number>(FACE_WARMUP_SETTING)
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null
    },
    set: (ms) => settings.set(FACE_WARMUP_SETTING, ms),
  }
}

/** Seconds a plan adds for the warm-up: 0 once this process's engine answered a pair. */
export function faceWarmUpOf(s: RunningSandbox, remembered: number | null): number {
  if (s.faceWarmUpMs() !== null || s.state().charged_calls > 0) return 0
  return Math.round((remembered ?? DEFAULT_FACE_WARMUP_MS) / 1000)
}

/** The plans a job states: the embedded sandbox answers by them (rate limit, monthly quota). */
export type StatedPlans = Parameters<RunningSandbox['setPlans']>[0]

export interface EmbeddedSandbox {
  /** started on first use; with `plans`, it answers by them from now on */
  get(plans?: StatedPlans): Promise<RunningSandbox>
  /** the running sandbox, or null if nothing has asked for it yet */
  current(): RunningSandbox | null
  /** the face warm-up a plan on it should add now, in seconds (faceWarmUpOf) */
  faceWarmUpSeconds(s: RunningSandbox): number
  close(): Promise<void>
}

/** `options` tunes the sandbox for rehearsals and tests (balance, latency, data); port/host/key are fixed. */
export function createEmbeddedSandbox(
  options: Omit<SandboxOptions, 'port' | 'host' | 'keys' | 'allowRemote' | 'onFaceWarmedUp'> = {},
  memory?: WarmUpMemory,
): EmbeddedSandbox {
  let starting: Promise<RunningSandbox> | null = null
  let running: RunningSandbox | null = null
  function start(): Promise<RunningSandbox> {
    if (!starting) {
      const key = `sbx-${randomBytes(18).toString('hex')}`
      starting = import('../sandbox/index')
        .then(({ startSandbox }) => startSandbox({ ...options, port: 0, host: '127.0.0.1', keys: [key], onFaceWarmedUp: (ms) => memory?.set(ms) }))
        .then((s) => (running = s))
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
    faceWarmUpSeconds: (s) => faceWarmUpOf(s, memory?.get() ?? null),
    async close() {
      const s = starting ? await starting.catch(() => null) : null
      starting = null
      running = null
      await s?.close()
    },
  }
}
