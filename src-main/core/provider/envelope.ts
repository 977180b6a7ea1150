/**
 * The standard envelope (spec 2.1) is unwrapped here and nowhere else. A 2xx answer that
 * does not follow it is a 'protocol' error: the engine must not store half-understood data.
 */
import { ServiceError } from './service-error'
import type { Paging } from './types'

export interface CallSite {
  method: string
  endpoint: string
  status: number
  secrets: readonly string[]
}

export interface Unwrapped {
  data: unknown
  paging?: Paging
}

export function protocolError(site: CallSite, detail: string, serviceMessage?: string): ServiceError {
  return new ServiceError({ ...site, kind: 'protocol', requestSent: true, detail, serviceMessage })
}

export function unwrapEnvelope(body: unknown, site: CallSite): Unwrapped {
  if (!isRecord(body)) throw protocolError(site, 'answer is not an envelope object')
  const message = typeof body.message === 'string' ? body.message : undefined
  if (body.is_success !== true) {
    // A 2xx with is_success false is not described by the spec; keep the text for the user.
    throw protocolError(site, `envelope says is_success=${String(body.is_success)}`, message)
  }
  if (!('data' in body)) throw protocolError(site, 'envelope has no data')
  if (body.paging === undefined || body.paging === null) return { data: body.data }
  return { data: body.data, paging: readPaging(body.paging, site) }
}

function readPaging(value: unknown, site: CallSite): Paging {
  if (!isRecord(value)) throw protocolError(site, 'paging is not an object')
  const fields = ['page', 'size', 'total_item', 'total_page'] as const
  const out = {} as Paging
  for (const f of fields) {
    const n = value[f]
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
      throw protocolError(site, `paging.${f} is not a non-negative integer`)
    }
    out[f] = n
  }
  return out
}

export function expectArray(data: unknown, site: CallSite): unknown[] {
  if (!Array.isArray(data)) throw protocolError(site, 'data is not a list')
  return data
}

export function expectRecord(data: unknown, site: CallSite): Record<string, unknown> {
  if (!isRecord(data)) throw protocolError(site, 'data is not an object')
  return data
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
