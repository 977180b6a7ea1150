import type { FaceVerifier } from '../core/face/types'

/**
 * The face engine is heavy (model weights, wasm, worker threads), so the sandbox loads it
 * on the first verify request, never at startup. An injected verifier (tests, the CLI
 * sharing one engine) is used as given and not closed by the sandbox.
 */
export interface FaceVerifierSlot {
  get(): Promise<FaceVerifier>
  close(): Promise<void>
}

type FaceModule = { createFaceEngine(opts?: unknown): Promise<FaceVerifier> }

async function importFaceEngine(): Promise<FaceModule> {
  // A variable specifier keeps type-checking independent of the engine module, which is
  // built in a separate issue; tsx and vitest resolve it relative to this file at run time.
  const specifier = '../core/face/index'
  return (await import(/* @vite-ignore */ specifier)) as FaceModule
}

export function createFaceVerifierSlot(injected?: FaceVerifier): FaceVerifierSlot {
  if (injected) return { get: async () => injected, close: async () => {} }
  let loading: Promise<FaceVerifier> | null = null
  return {
    get() {
      if (!loading) {
        loading = importFaceEngine().then((m) => m.createFaceEngine())
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
