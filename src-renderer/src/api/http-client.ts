/**
 * Browser mode's transport: the same RekapApi shape as Electron's `window.rekap`, carried
 * over loopback HTTP to `rekap ui` (POST /api/<command>, GET /api/events as server-sent
 * events, POST /api/upload). The session token arrives once in the page URL; the server turns
 * it into an HttpOnly cookie, and we also send it as a header while this page is open.
 */
import type { EventName, Events, RekapApi } from '../../../src-main/contract/ipc'
import { buildDomainMethods, EVENT_NAMES } from '../../../src-main/contract/names'
import { RekapCallError, type CallErrorBody } from './call-error'

export interface HttpApiOptions {
  /** origin of the rekap ui server; '' = the page's own origin */
  baseUrl?: string
  /** the session token, if known (read from `?token=` at start) */
  token?: string | null
  fetch?: typeof fetch
  EventSource?: typeof EventSource
}

type Listener = (payload: unknown) => void

export function createHttpApi(opts: HttpApiOptions = {}): RekapApi {
  const base = opts.baseUrl ?? ''
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const headers = (extra: Record<string, string> = {}): Record<string, string> =>
    opts.token ? { ...extra, 'x-rekap-token': opts.token } : extra

  async function readResult(res: Response): Promise<unknown> {
    const text = await res.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      throw new RekapCallError(`rekap ui answered ${res.status} with something that is not JSON`, 'failed')
    }
    if (res.ok) return body
    const err = (body as { error?: CallErrorBody } | null)?.error
    if (err) throw new RekapCallError(err.message, err.code, err.field)
    if (res.status === 401) throw new RekapCallError('This page is not signed in to rekap ui; open the link rekap ui printed.', 'unauthorized')
    throw new RekapCallError(`rekap ui answered ${res.status}`, 'failed')
  }

  async function invoke(name: string, input: unknown): Promise<unknown> {
    let res: Response
    try {
      res = await doFetch(`${base}/api/${name}`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      })
    } catch {
      throw new RekapCallError('rekap ui is not answering; is the `rekap ui` command still running?', 'failed')
    }
    return readResult(res)
  }

  // One EventSource for all listeners, opened on the first subscription. It reconnects by itself.
  const listeners = new Map<EventName, Set<Listener>>()
  let source: EventSource | null = null
  function ensureSource(): void {
    if (source) return
    const ES = opts.EventSource ?? globalThis.EventSource
    const url = opts.token ? `${base}/api/events?token=${encodeURIComponent(opts.token)}` : `${base}/api/events`
    source = new ES(url, { withCredentials: true })
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (e) => {
        const payload = JSON.parse((e as MessageEvent<string>).data) as unknown
        for (const l of listeners.get(name) ?? []) l(payload)
      })
    }
  }

  /** POST /api/upload: a file, a .zip (unpacked on the server) or a folder -> the workbook's path there. */
  async function upload(form: FormData): Promise<string> {
    let res: Response
    try {
      res = await doFetch(`${base}/api/upload`, { method: 'POST', headers: headers(), body: form, credentials: 'same-origin' })
    } catch {
      throw new RekapCallError('rekap ui is not answering; is the `rekap ui` command still running?', 'failed')
    }
    return ((await readResult(res)) as { path: string }).path
  }

  const domain = buildDomainMethods<Omit<RekapApi, 'events'>>(invoke)
  return {
    ...domain,
    files: {
      ...domain.files,
      async toPath(file: File): Promise<string> {
        const form = new FormData()
        form.append('file', file, file.name)
        return upload(form)
      },
      async uploadFolder(files: File[]): Promise<string> {
        const form = new FormData()
        // the relative path ("kyc/photos/ktp-01.jpg") travels as the part's file name
        for (const f of files) form.append('files', f, f.webkitRelativePath || f.name)
        return upload(form)
      },
    },
    events: {
      on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
        if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`unknown event "${event}"`)
        let set = listeners.get(event)
        if (!set) listeners.set(event, (set = new Set()))
        set.add(listener as Listener)
        ensureSource()
        return () => {
          set.delete(listener as Listener)
        }
      },
    },
  } as RekapApi
}
