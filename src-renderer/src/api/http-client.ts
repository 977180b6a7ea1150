/**
 * Browser mode's transport: the same RekapApi shape as Electron's `window.rekap`, carried
 * over loopback HTTP to `rekap ui` (POST /api/<command>, GET /api/events as server-sent
 * events, POST /api/upload). The sign-in token arrives once in the page URL; the page exchanges
 * it (POST /api/session) for the session secret, keeps that in sessionStorage (per origin, so per
 * port: no other local server ever sees it, as it would a cookie) and sends it as a header on
 * every call. The event stream opens with a one-time ticket (EventSource sends no headers).
 */
import type { EventName, Events, RekapApi } from '../../../src-main/contract/ipc'
import { buildDomainMethods, EVENT_NAMES } from '../../../src-main/contract/names'
import { RekapCallError, type CallErrorBody } from './call-error'

export interface HttpApiOptions {
  /** origin of the rekap ui server; '' = the page's own origin */
  baseUrl?: string
  /** the session secret, if known (a script that signed in itself) */
  token?: string | null
  /** the printed link's one-time token (read from `?token=` at start), exchanged for the secret on first use */
  linkToken?: string | null
  /** where the page keeps the secret across reloads (sessionStorage) */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null
  fetch?: typeof fetch
  EventSource?: typeof EventSource
}

type Listener = (payload: unknown) => void

const STORAGE_KEY = 'rekap.session'

export function createHttpApi(opts: HttpApiOptions = {}): RekapApi {
  const base = opts.baseUrl ?? ''
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init))
  // a fresh link (rekap ui restarted) wins over a secret this tab kept from an earlier run
  let secret: string | null = opts.token ?? (opts.linkToken ? null : (opts.storage?.getItem(STORAGE_KEY) ?? null))
  let signingIn: Promise<string | null> | null = null

  /** The session secret: known, or exchanged once for the link's token. */
  function session(): Promise<string | null> {
    if (secret || !opts.linkToken) return Promise.resolve(secret)
    signingIn ??= (async () => {
      const res = await doFetch(`${base}/api/session`, { method: 'POST', headers: { 'x-rekap-token': opts.linkToken! }, body: '{}' })
      const body = (await readResult(res)) as { session: string }
      secret = body.session
      opts.storage?.setItem(STORAGE_KEY, secret)
      return secret
    })()
    return signingIn
  }
  const headers = async (extra: Record<string, string> = {}): Promise<Record<string, string>> => {
    const token = await session()
    return token ? { ...extra, 'x-rekap-token': token } : extra
  }

  async function invoke(name: string, input: unknown): Promise<unknown> {
    let res: Response
    try {
      res = await doFetch(`${base}/api/${name}`, {
        method: 'POST',
        headers: await headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(input ?? {}),
        credentials: 'omit',
      })
    } catch {
      throw new RekapCallError('rekap ui is not answering; is the `rekap ui` command still running?', 'failed')
    }
    return readResult(res)
  }

  /** POST /api/upload: a file, a .zip (unpacked on the server) or a folder -> the workbook's path there. */
  async function upload(form: FormData): Promise<string> {
    let res: Response
    try {
      res = await doFetch(`${base}/api/upload`, { method: 'POST', headers: await headers(), body: form, credentials: 'omit' })
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
    events: httpEvents(base, invoke, () => opts.EventSource ?? globalThis.EventSource),
  } as RekapApi
}

/** A call's answer: its JSON body, or the error it carries as a RekapCallError. */
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

/**
 * The `events` part of RekapApi over server-sent events. One EventSource for all listeners,
 * opened on the first subscription with a one-time ticket. A ticket opens one connection: when
 * the browser gives up on it (rekap ui restarted, the ticket spent by its own reconnect) we fetch
 * a new one and open again.
 */
function httpEvents(base: string, invoke: (name: string, input: unknown) => Promise<unknown>, eventSource: () => typeof EventSource): RekapApi['events'] {
  const listeners = new Map<EventName, Set<Listener>>()
  let source: EventSource | null = null
  let opening = false
  async function openSource(): Promise<void> {
    if (source || opening) return
    opening = true
    try {
      const { ticket } = (await invoke('events.ticket', {})) as { ticket: string }
      const ES = eventSource()
      const es = new ES(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`)
      for (const name of EVENT_NAMES) {
        es.addEventListener(name, (e) => {
          const payload = JSON.parse((e as MessageEvent<string>).data) as unknown
          for (const l of listeners.get(name) ?? []) l(payload)
        })
      }
      es.addEventListener('error', () => {
        es.close()
        if (source === es) source = null
        setTimeout(() => void openSource(), 1000)
      })
      source = es
    } catch {
      setTimeout(() => void openSource(), 2000)
    } finally {
      opening = false
    }
  }
  function ensureSource(): void {
    void openSource()
  }

  return {
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
  }
}
