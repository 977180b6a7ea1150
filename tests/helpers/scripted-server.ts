/**
 * A real loopback HTTP server whose answers each test scripts. Used for what a faithful
 * server will not do on demand: 429 with Retry-After, 500, an answer cut mid-body, a hang.
 * Every request is recorded (method, raw URL, headers, body) so tests can assert the wire.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  /** Path and query exactly as received, still percent-encoded. */
  rawUrl: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: Buffer
}

export type Answer = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>

export interface ScriptedServer {
  baseUrl: string
  port: number
  requests: RecordedRequest[]
  /** Answers for the next requests, used in order, one each. */
  answerNext(...answers: Answer[]): void
  /** Answer once the queue is empty (initially a 599 saying nothing was scripted). */
  answerAlways(answer: Answer): void
  /**
   * Between tests: nothing queued, the 599 fallback back, no request recorded. Open connections
   * are left: the client's idle keep-alive sockets would be cut under its next request.
   */
  reset(): void
  close(): Promise<void>
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Answer[] = []
  const unscripted = json(599, { is_success: false, message: 'no scripted answer', data: null })
  let fallback: Answer = unscripted
  const requests: RecordedRequest[] = []

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const rawUrl = req.url ?? '/'
      const parsed = new URL(rawUrl, 'http://127.0.0.1')
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        rawUrl,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      }
      requests.push(recorded)
      const answer = queue.shift() ?? fallback
      Promise.resolve(answer(recorded, res)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(599).end(String(err))
        else res.destroy()
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    answerNext: (...answers) => void queue.push(...answers),
    answerAlways: (answer) => void (fallback = answer),
    reset: () => {
      queue.length = 0
      fallback = unscripted
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers keep their sockets open; end them so close() returns.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port on which nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise<void>((resolve) => s.close(() => resolve()))
  return port
}

// ---- ready-made answers ----

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (_req, res) => {
    const text = JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers })
    res.end(text)
  }
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Answer {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers })
    res.end(body)
  }
}

/** Standard success envelope (spec 2.1). */
export function ok(data: unknown, paging?: { page: number; size: number; total_item: number; total_page: number }): Answer {
  return json(200, paging ? { is_success: true, message: 'Success', data, paging } : { is_success: true, message: 'Success', data })
}

/** Standard error envelope (spec 7). */
export function fail(status: number, message: string, headers: Record<string, string> = {}): Answer {
  return json(status, { is_success: false, message, data: null }, headers)
}

/** Sends the headers and part of the body, then drops the connection. */
export function dropMidBody(status = 200): Answer {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': 10_000 })
    res.write('{"is_success":true,"message":"Success","data":[{"code"', () => {
      setTimeout(() => res.socket?.destroy(), 20)
    })
  }
}

/** Sends headers, then nothing more (a stalled body). */
export function stallAfterHeaders(): Answer {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 10_000 })
    res.write('{')
  }
}

/** Never answers. */
export function hang(): Answer {
  return () => {}
}
