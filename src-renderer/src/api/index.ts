/**
 * The renderer's one door to the engine. In the desktop app the preload exposes `window.rekap`
 * (IPC); in browser mode (`rekap ui`, e2e tests) the same RekapApi goes over loopback HTTP.
 * Screens and stores call `getApi()` and never know which.
 */
import type { RekapApi } from '../../../src-main/contract/ipc'
import { callErrorFromMessage, RekapCallError } from './call-error'
import { createHttpApi } from './http-client'

export { RekapCallError, type CallErrorCode } from './call-error'
export type { RekapApi } from '../../../src-main/contract/ipc'

declare global {
  interface Window {
    /** set by the Electron preload only */
    rekap?: RekapApi
  }
}

let api: RekapApi | null = null

export function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.rekap !== undefined
}

/** Electron errors lose everything but the message over contextBridge; give them back their code. */
function withCallErrors(raw: RekapApi): RekapApi {
  const wrapped: Record<string, unknown> = {}
  for (const [domain, methods] of Object.entries(raw)) {
    if (domain === 'events') {
      wrapped[domain] = methods
      continue
    }
    const out: Record<string, unknown> = {}
    for (const [name, fn] of Object.entries(methods as Record<string, (i: unknown) => Promise<unknown>>)) {
      out[name] = (input: unknown) =>
        fn(input).catch((e: unknown) => {
          throw e instanceof RekapCallError ? e : callErrorFromMessage(e instanceof Error ? e.message : String(e))
        })
    }
    wrapped[domain] = out
  }
  return wrapped as unknown as RekapApi
}

/** Reads `?token=` once and takes it out of the address bar (the page exchanges it for its session). */
function takeTokenFromUrl(): string | null {
  if (typeof window === 'undefined') return null
  const url = new URL(window.location.href)
  const token = url.searchParams.get('token')
  if (token) {
    url.searchParams.delete('token')
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  }
  return token
}

export function getApi(): RekapApi {
  if (api) return api
  api = window.rekap ? withCallErrors(window.rekap) : createHttpApi({ linkToken: takeTokenFromUrl(), storage: window.sessionStorage })
  return api
}

/** Tests only: use this API instead of the detected one. */
export function setApiForTests(replacement: RekapApi | null): void {
  api = replacement
}
