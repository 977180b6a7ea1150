/**
 * The desktop renderer's only bridge to the main process, built to CommonJS because the window
 * runs with `sandbox: true`. It exposes `window.rekap` with exactly the contract's domain
 * methods, `events.on` for the contract's events and `files.toPath`; no ipcRenderer, no
 * generic invoke, no Node. The main side validates every payload again (never trust this side).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import type { EventName, Events, RekapApi } from '../contract/ipc'
import { buildDomainMethods, EVENT_NAMES } from '../contract/names'
import type { IpcEnvelope } from '../app/ipc-envelope'

async function invoke(name: string, input: unknown): Promise<unknown> {
  const answer = (await ipcRenderer.invoke(name, input)) as IpcEnvelope
  if (answer.ok) return answer.value
  // contextBridge keeps only an Error's message: carry code and field in it (the renderer's api/ unfolds them)
  const { code, field, message } = answer.error
  throw new Error(`[${code}${field ? `:${field}` : ''}] ${message}`)
}

const domain = buildDomainMethods<Omit<RekapApi, 'events'>>(invoke)

const api: RekapApi = {
  ...domain,
  files: {
    ...domain.files,
    async toPath(file: File): Promise<string> {
      const path = webUtils.getPathForFile(file)
      if (!path) throw new Error('[invalid-input:file] This file has no place on disk (was it pasted from another app?); save it first, then pick it.')
      return path
    },
  },
  events: {
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`unknown event "${String(event)}"`)
      const handler = (_e: Electron.IpcRendererEvent, payload: Events[E]): void => listener(payload)
      ipcRenderer.on(event, handler)
      return () => {
        ipcRenderer.removeListener(event, handler)
      }
    },
  },
}

contextBridge.exposeInMainWorld('rekap', api)
