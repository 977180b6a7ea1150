/**
 * Browser mode (`rekap ui`): the built renderer and the command contract over loopback HTTP.
 *   POST /api/<command>   JSON in, JSON out (errors: { error: { code, message, field } })
 *   GET  /api/events      server-sent events
 *   POST /api/upload      a file, a .zip or a folder (multipart) -> { path } of the workbook on this machine
 *   GET  /download/<id>   a file rekap exported
 *   GET  /*               the renderer
 * Every API request must carry the session in the x-rekap-token header (the printed token once, then
 * the secret it becomes; never a cookie, see session-token.ts); the
 * server binds loopback only unless told otherwise, and then only over TLS with the user's own
 * certificate; it always checks the Host header against DNS rebinding (loopback names, the bound
 * address, --allow-host names) and the Origin header against cross-site posts, and sends the
 * same CSP as the desktop window.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { AppError, ERROR_STATUS } from '../app/app-error'
import { coreText } from '../core/texts/core-text'
import type { AppContext } from '../app/app-context'
import { CONTENT_SECURITY_POLICY } from '../app/content-security-policy'
import { appLanguage, dispatch, toErrorBody, type Handlers } from '../app/dispatch'
import { allowedHostHeaders, hostHeaderAllowed, hostRefusal } from '../core/net/host-allowlist'
import { isLoopbackHost } from '../core/net/loopback'
import type { DownloadRegistry } from './download-registry'
import { openEventStream } from './event-stream'
import { createSession, SESSION_HEADER, type Session } from './session-token'
import { resolveStatic, sendFile } from './static-files'
import { DEFAULT_UPLOAD_LIMIT_BYTES, receiveUpload } from './upload'

export interface BrowserServerOptions {
  ctx: AppContext
  handlers: Handlers
  downloads: DownloadRegistry
  /** the built renderer (out/renderer) */
  rendererDir: string
  /** default 0 = a free port */
  port?: number
  /** default 127.0.0.1 */
  host?: string
  allowRemote?: boolean
  /** extra Host header names to answer (the name remote users type) */
  allowHosts?: string[]
  /** PEM certificate and key; required for a non-loopback host */
  tls?: { cert: Buffer | string; key: Buffer | string }
  /** default: random */
  token?: string
  uploadLimitBytes?: number
}

export interface RunningBrowserServer {
  /** what to open: http://127.0.0.1:N/?token=… (the token works once) */
  url: string
  origin: string
  port: number
  token: string
  close(): Promise<void>
}

/** --host refused: not loopback without --allow-remote, or remote without TLS (the CLI says which in its language). */
export class BrowserServerOptionError extends Error {
  constructor(
    readonly reason: 'not-loopback' | 'needs-tls',
    readonly host: string,
    message: string,
  ) {
    super(message)
  }
}

const MAX_JSON_BYTES = 1024 * 1024

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...extra,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  })
  res.end(text)
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  res.end(text + '\n')
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_JSON_BYTES) throw new AppError('invalid-input', coreText('app.bodyTooLarge', {}))
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8').trim()
  if (text === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError('invalid-input', coreText('app.bodyNotJson', {}))
  }
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The bind rule, checked before anything is built or written (rekap ui calls it first too). */
export function checkBindOptions(o: { host?: string; allowRemote?: boolean; tls?: unknown }): void {
  const host = o.host ?? '127.0.0.1'
  if (!o.allowRemote && !isLoopbackHost(host)) {
    throw new BrowserServerOptionError(
      'not-loopback',
      host,
      `--host ${host} is not a loopback address: rekap ui gives full control of your jobs and API key, ` +
        'so it only listens on this machine unless --allow-remote is given',
    )
  }
  if (!isLoopbackHost(host) && !o.tls) {
    throw new BrowserServerOptionError(
      'needs-tls',
      host,
      `--host ${host} is reachable from other computers, and the session and your API key's jobs would cross ` +
        'the network in clear: give your own TLS certificate with --tls-cert FILE --tls-key FILE',
    )
  }
}

export async function startBrowserServer(opts: BrowserServerOptions): Promise<RunningBrowserServer> {
  const host = opts.host ?? '127.0.0.1'
  checkBindOptions(opts)
  const scheme = opts.tls ? 'https' : 'http'
  let port = 0
  const session = createSession({ linkToken: opts.token })
  const token = session.linkToken
  const uploadLimit = opts.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT_BYTES
  const { ctx, handlers, downloads } = opts
  const streams = new Set<() => void>()
  let allowedHosts = new Set<string>()

  async function routeApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = url.pathname.slice('/api/'.length)
    // EventSource sends no headers: the stream opens with a one-time ticket fetched with the header
    if (name === 'events' && req.method === 'GET' && url.searchParams.has('ticket')) {
      if (!session.takeTicket(url.searchParams.get('ticket'))) return unauthorized(res, true, 'missing')
      return openStream(res, {})
    }
    if (req.method === 'POST' && !originAllowed(req, scheme)) return sendJson(res, 403, { error: { code: 'unauthorized', message: 'cross-site request refused', field: null } })
    const proof = session.check(req)
    if (proof === 'missing' || proof === 'spent-link') return unauthorized(res, true, proof)
    // a script that signed in with the printed token learns the session secret here (the page: POST /api/session)
    const handover: Record<string, string> = proof === 'first-use' ? { [SESSION_HEADER]: session.secret } : {}
    if (name === 'events' && req.method === 'GET') return openStream(res, handover)
    if (req.method !== 'POST') return sendJson(res, 405, { error: { code: 'invalid-input', message: 'use POST', field: null } }, handover)
    if (name === 'session') {
      if (proof !== 'first-use') return sendJson(res, 409, { error: { code: 'conflict', message: 'already signed in', field: null } })
      return sendJson(res, 200, { session: session.secret })
    }
    if (name === 'events.ticket') return sendJson(res, 200, { ticket: session.newTicket() }, handover)
    return handleApi({ ctx, handlers, uploadLimit }, req, res, name, handover)
  }

  function openStream(res: ServerResponse, extra: Record<string, string>): void {
    const close = openEventStream(res, ctx.events, { ...SECURITY_HEADERS, ...extra })
    streams.add(close)
    res.on('close', () => streams.delete(close))
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostHeaderAllowed(allowedHosts, req.headers.host)) return sendText(res, 421, `rekap ui: ${hostRefusal(req.headers.host)}`)
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    if (url.pathname.startsWith('/api/')) return routeApi(req, res, url)
    return routePage(req, res, url, { downloads, session, rendererDir: opts.rendererDir })
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res).catch((err: unknown) => {
      ctx.core.logger.log('error', `rekap ui: ${toErrorBody(err, ctx.secrets()).message}`)
      if (!res.headersSent) sendText(res, 500, 'internal error')
      else res.destroy()
    })
  }
  const server: Server = opts.tls ? createHttpsServer({ cert: opts.tls.cert, key: opts.tls.key }, listener) : createHttpServer(listener)
  await listen(server, opts.port ?? 0, host)
  port = (server.address() as AddressInfo).port
  allowedHosts = allowedHostHeaders({ port, boundHost: host, extraHosts: opts.allowHosts })
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  const origin = `${scheme}://${hostInUrl}:${port}`
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    async close() {
      for (const close of streams) close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

function originAllowed(req: IncomingMessage, scheme: string): boolean {
  const origin = req.headers.origin
  if (!origin) return true
  return origin === `${scheme}://${req.headers.host}`
}

/** POST /api/<command> (or /api/upload) once signed in: the command's answer, or its error in the app's language. */
async function handleApi(
  api: { ctx: AppContext; handlers: Handlers; uploadLimit: number },
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  extra: Record<string, string>,
): Promise<void> {
  const { ctx, handlers, uploadLimit } = api
  try {
    if (name === 'upload') {
      const { path, others } = await receiveUpload(req, ctx.paths.uploadsDir, uploadLimit)
      sendJson(res, 200, { path, others }, extra)
      return
    }
    const input = await readJson(req)
    const output = await dispatch(handlers, name, input)
    sendJson(res, 200, output === undefined ? null : output, extra)
  } catch (err) {
    const body = toErrorBody(err, ctx.secrets(), appLanguage(ctx), ctx.paths.dbFile)
    if (body.code === 'failed') ctx.core.logger.log('error', `command ${name} failed: ${body.message}`)
    if (!res.headersSent) sendJson(res, ERROR_STATUS[body.code], { error: body })
    else res.destroy()
  }
}

function unauthorized(res: ServerResponse, api: boolean, proof: 'missing' | 'spent-link'): void {
  const message =
    proof === 'spent-link'
      ? 'This sign-in link was already used (it works once). Use the browser tab it opened, or restart rekap ui for a new link.'
      : 'Not signed in: open the link that rekap ui printed (it ends in ?token=…).'
  if (api) return sendJson(res, 401, { error: { code: 'unauthorized', message, field: null } })
  return sendText(res, 401, message)
}

/** Everything outside /api/: downloads by their capability id, and the page's static files. */
async function routePage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  site: { downloads: DownloadRegistry; session: Session; rendererDir: string },
): Promise<void> {
  const { downloads, session } = site
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'method not allowed')

  // A download id is a random 128-bit capability the page got from an authorised call; a link
  // click cannot carry the header.
  if (url.pathname.startsWith('/download/')) {
    const entry = downloads.lookup(url.pathname.slice('/download/'.length))
    if (!entry) return sendText(res, 404, 'This download link has expired; export again.')
    return sendFile(res, entry.file, { ...SECURITY_HEADERS, 'content-disposition': contentDisposition(entry.fileName) })
  }

  // The page itself holds no secret; it signs in from the script (POST /api/session with the
  // link's token) and takes the token out of the address bar. A spent or wrong link says so here.
  const linkToken = url.searchParams.get('token')
  if (linkToken !== null) {
    const state = session.linkState(linkToken)
    if (state !== 'valid') return unauthorized(res, false, state === 'spent' ? 'spent-link' : 'missing')
  }
  const file = await resolveStatic(site.rendererDir, url.pathname)
  if (!file) return sendText(res, 404, 'not found')
  sendFile(res, file, { ...SECURITY_HEADERS, 'cache-control': 'no-store' })
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}
