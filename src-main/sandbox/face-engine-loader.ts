import type { FaceVerifier } from './face/types'

/**
 * The face engine is heavy (model weights, wasm, worker threads), so the sandbox loads it
 * on the first verify request, never at startup. An injected verifier (tests, the CLI
 * sharing one engine) is used as given and not closed by the sandbox.
 */
export interface FaceVerifierSlot {
  get(): Promise<FaceVerifier>
  /**
   * Milliseconds from the first request for the engine to its first answered verification (the
   * load plus the first pair: what a plan calls the warm-up), or null while none was answered.
   */
  warmUpMs(): number | null
  close(): Promise<void>
}

export interface FaceVerifierSlotOptions {
  injected?: FaceVerifier
  /** worker threads of the engine loaded here (default: one per core) */
  workers?: number
  onWarmedUp?: (ms: number) => void
}

export function createFaceVerifierSlot({ injected, workers, onWarmedUp }: FaceVerifierSlotOptions = {}): FaceVerifierSlot {
  let loading: Promise<FaceVerifier> | null = null
  let askedAt = 0
  let warmUp: number | null = null
  // the first answered pair (right or refused alike) ends the warm-up
  const timed = (v: FaceVerifier): FaceVerifier => ({
    verify: async (a, b) => {
      try {
        return await v.verify(a, b)
      } finally {
        if (warmUp === null) {
          warmUp = Math.max(0, Math.round(performance.now() - askedAt))
          onWarmedUp?.(warmUp)
        }
      }
    },
    close: () => v.close(),
  })
  return {
    get() {
      if (!loading) {
        askedAt = performance.now()
        // dynamic import: the model code and weights load only when a face match is asked for
        loading = injected ? Promise.resolve(timed(injected)) : import('./face/index').then((m) => m.createFaceEngine({ workers })).then(timed)
        loading.catch(() => {
          loading = null // let a later request try again
        })
      }
      return loading
    },
    warmUpMs: () => warmUp,
    async close() {
      if (!loading || injected) return
      const engine = await loading.catch(() => null)
      await engine?.close()
    },
  }
}
