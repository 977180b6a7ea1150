import type { FaceVerifier } from './face/types'

/**
 * The face engine is heavy (model weights, wasm, worker threads), so the sandbox loads it
 * on the first verify request, never at startup. An injected verifier (tests, the CLI
 * sharing one engine) is used as given and not closed by the sandbox.
 */
export interface FaceVerifierSlot {
  get(): Promise<FaceVerifier>
  close(): Promise<void>
}

export function createFaceVerifierSlot(injected?: FaceVerifier): FaceVerifierSlot {
  if (injected) return { get: async () => injected, close: async () => {} }
  let loading: Promise<FaceVerifier> | null = null
  return {
    get() {
      if (!loading) {
        // dynamic import: the model code and weights load only when a face match is asked for
        loading = import('./face/index').then((m) => m.createFaceEngine())
        loading.catch(() => {
          loading = null // let a later request try again
        })
      }
      return loading
    },
    async close() {
      if (!loading) return
      const engine = await loading.catch(() => null)
      await engine?.close()
    },
  }
}
