import type { IncomingMessage, ServerResponse } from 'node:http'
import { MESSAGES, type Paging } from '../core/provider/types'

/** What a route answers; the server writes it (or drops it, under fault injection). */
export interface JsonAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export function success(data: unknown, paging?: Paging): JsonAnswer {
  return { status: 200, body: paging ? { is_success: true, message: MESSAGES.success, data, paging } : { is_success: true, message: MESSAGES.success, data } }
}

/** Error body: the envelope with is_success false (spec 7); `extra` adds e.g. data: null. */
export function failure(status: number, message: string, extra?: Record<string, unknown>, headers?: Record<string, string>): JsonAnswer {
  return { status, body: { is_success: false, message, ...extra }, headers }
}

export function writeJson(res: ServerResponse, answer: JsonAnswer): void {
  const text = JSON.stringify(answer.body)
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...answer.headers,
  })
  res.end(text)
}

/** Reads a small JSON body (admin endpoints); null when absent or not JSON. */
export async function readJsonBody(req: IncomingMessage, maxBytes = 64 * 1024): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) return null
    chunks.push(chunk)
  }
  if (size === 0) return null
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return null
  }
}
