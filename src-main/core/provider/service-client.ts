/**
 * Typed client for every endpoint of the service (spec section 4). Each method is one
 * request: transport (http-transport.ts) -> envelope (envelope.ts) -> shape check and, for
 * schools, normalisation of the premium placeholders (school-normalise.ts).
 */
import { REKAP_VERSION } from '../version'
import {
  type CallSite,
  expectArray,
  expectRecord,
  isRecord,
  protocolError,
  unwrapEnvelope,
  type Unwrapped,
} from './envelope'
import { buildFaceMatchForm, type FaceImage } from './face-match-form'
import { type QueryValue, requestJson, secretsOf, type TransportSettings } from './http-transport'
import type { Page } from './paginate'
import { normaliseSchool } from './school-normalise'
import { ServiceError } from './service-error'
import {
  type AutocompleteItem,
  DEFAULT_AUTH_HEADER,
  type DistrictItem,
  type FaceMatchResult,
  type HospitalFilters,
  type HospitalRecord,
  type HospitalTypesData,
  type ProvinceItem,
  type RegencyItem,
  type SchoolFilters,
  type SchoolRecord,
  type SchoolRecordWire,
  type SchoolSearchEnvelope,
} from './types'

export const DEFAULT_TIMEOUT_MS = 30_000

export interface ServiceClientOptions {
  baseUrl: string
  apiKey?: string
  /** Header that carries the key; default `x-api-service-id`. */
  authHeader?: string
  /** Per request, covering connect, headers and body. Default 30 000. */
  timeoutMs?: number
  fetch?: typeof fetch
  /** Default `rekap/<version>`. */
  userAgent?: string
  /** Clock for Retry-After dates; default Date.now. */
  now?: () => number
}

export interface CallOptions {
  signal?: AbortSignal
}

export interface RegencyQuery {
  name?: string
  province_code?: string
  page?: number
}

export interface DistrictQuery {
  regency_code: string
}

export interface AutocompleteQuery {
  query: string
  /** 'regency' is the value the spec gives; others are not shown. */
  type: string
}

export interface FaceMatchImages {
  image1: FaceImage
  image2: FaceImage
}

export interface ServiceClient {
  readonly baseUrl: string
  provinces(opts?: CallOptions): Promise<ProvinceItem[]>
  regencies(query?: RegencyQuery, opts?: CallOptions): Promise<Page<RegencyItem>>
  districts(query: DistrictQuery, opts?: CallOptions): Promise<DistrictItem[]>
  autocomplete(query: AutocompleteQuery, opts?: CallOptions): Promise<AutocompleteItem[]>
  schools(filters?: SchoolFilters, opts?: CallOptions): Promise<Page<SchoolRecord>>
  schoolSearch(query: string, opts?: CallOptions): Promise<SchoolSearchEnvelope>
  faceMatch(images: FaceMatchImages, opts?: CallOptions): Promise<FaceMatchResult>
  hospitals(filters?: HospitalFilters, opts?: CallOptions): Promise<Page<HospitalRecord>>
  hospital(code: string, opts?: CallOptions): Promise<HospitalRecord>
  hospitalTypes(opts?: CallOptions): Promise<HospitalTypesData>
  hospitalClasses(opts?: CallOptions): Promise<string[]>
  hospitalOwnership(opts?: CallOptions): Promise<string[]>
  hospitalBluStatus(opts?: CallOptions): Promise<string[]>
}

/** The transport's settings: the caller's options with rekap's defaults. */
function transportSettings(options: ServiceClientOptions): TransportSettings {
  return {
    baseUrl: options.baseUrl,
    apiKey: options.apiKey || undefined,
    authHeader: (options.authHeader || DEFAULT_AUTH_HEADER).toLowerCase(),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? globalThis.fetch,
    userAgent: options.userAgent ?? `rekap/${REKAP_VERSION}`,
    now: options.now ?? Date.now,
  }
}

/** Requests through the standard envelope: one answer, a list, a page, a filter's values. */
function envelopeCalls(settings: TransportSettings, secrets: string[]) {
  /** One request through the standard envelope. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, QueryValue> | undefined,
    opts: CallOptions | undefined,
    body?: FormData,
  ): Promise<Unwrapped & { site: CallSite }> {
    const answer = await requestJson(settings, { method, path, query, body, signal: opts?.signal })
    const site: CallSite = { method, endpoint: path, status: answer.status, secrets }
    return { ...unwrapEnvelope(answer.body, site), site }
  }

  async function list(path: string, query: Record<string, QueryValue> | undefined, opts?: CallOptions): Promise<unknown[]> {
    const { data, site } = await call('GET', path, query, opts)
    return expectArray(data, site)
  }

  async function page(path: string, query: Record<string, QueryValue>, opts?: CallOptions): Promise<Page<unknown>> {
    const { data, paging, site } = await call('GET', path, query, opts)
    const items = expectArray(data, site)
    if (!paging) throw protocolError(site, 'list answer has no paging object')
    return { items: expectRecords(items, site), paging }
  }

  async function filterValues(path: string, opts?: CallOptions): Promise<string[]> {
    const { data, site } = await call('GET', path, undefined, opts)
    return readFilterValues(data, site)
  }

  return { call, list, page, filterValues }
}

/** School search's own envelope: status, timestamp and result, returned as sent. */
function readSchoolSearch(body: unknown, site: CallSite): SchoolSearchEnvelope {
  if (!isRecord(body) || !('status' in body) || !('timestamp' in body) || !('result' in body)) {
    throw protocolError(site, 'answer lacks status/timestamp/result')
  }
  return { status: body.status, timestamp: body.timestamp, result: body.result }
}

/** Face match's data: a boolean match and a finite confidence. */
function readFaceMatch(data: unknown, site: CallSite): { match: boolean; confidence: number } {
  const record = expectRecord(data, site)
  if (typeof record.match !== 'boolean') throw protocolError(site, 'data.match is not a boolean')
  if (typeof record.confidence !== 'number' || !Number.isFinite(record.confidence)) {
    throw protocolError(site, 'data.confidence is not a number')
  }
  return { match: record.match, confidence: record.confidence }
}

/** The hospital types' data: a list of strings and its count. */
function readHospitalTypes(data: unknown, site: CallSite): { types: string[]; count: number } {
  const record = expectRecord(data, site)
  const types = record.types
  if (!Array.isArray(types) || !types.every((t) => typeof t === 'string')) {
    throw protocolError(site, 'data.types is not a list of strings')
  }
  const count = typeof record.count === 'number' ? record.count : types.length
  return { types: types as string[], count }
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const settings = transportSettings(options)
  const secrets = secretsOf(settings)
  const { call, list, page, filterValues } = envelopeCalls(settings, secrets)

  return {
    baseUrl: options.baseUrl,

    async provinces(opts) {
      return (await list('/regional/indonesia/provinces', undefined, opts)) as ProvinceItem[]
    },

    async regencies(query = {}, opts) {
      const { name, province_code, page: p } = query
      return (await page('/regional/indonesia/regencies', { name, province_code, page: p }, opts)) as Page<RegencyItem>
    },

    async districts(query, opts) {
      return (await list('/regional/indonesia/districts', { regency_code: query.regency_code }, opts)) as DistrictItem[]
    },

    async autocomplete(query, opts) {
      return (await list('/regional/indonesia/autocomplete', { query: query.query, type: query.type }, opts)) as AutocompleteItem[]
    },

    async schools(filters = {}, opts) {
      const { regency_code, npsn, name, status, grade, accreditation, page: p } = filters
      const query = { regency_code, npsn, name, status, grade, accreditation, page: p }
      const result = await page('/regional/indonesia/schools', query, opts)
      return { items: (result.items as unknown as SchoolRecordWire[]).map(normaliseSchool), paging: result.paging }
    },

    async schoolSearch(query, opts) {
      const path = '/regional/indonesia/schools/search'
      // Its own envelope (spec 4.2): status, timestamp, result; returned as sent.
      const answer = await requestJson(settings, { method: 'GET', path, query: { query }, signal: opts?.signal })
      const site: CallSite = { method: 'GET', endpoint: path, status: answer.status, secrets }
      return readSchoolSearch(answer.body, site)
    },

    async faceMatch(images, opts) {
      const form = buildFaceMatchForm(images.image1, images.image2)
      const { data, site } = await call('POST', '/face-match/verify', undefined, opts, form)
      return readFaceMatch(data, site)
    },

    async hospitals(filters = {}, opts) {
      const { page: p, size, name, type, class: cls, ownership, blu_status, province_code, regency_code } = filters
      const query = { page: p, size, name, type, class: cls, ownership, blu_status, province_code, regency_code }
      // The trailing slash is part of the path in spec 4.4.
      return (await page('/hospitals/indonesia/', query, opts)) as unknown as Page<HospitalRecord>
    },

    async hospital(code, opts) {
      if (typeof code !== 'string' || code.trim() === '') {
        // Caught before any request: an empty code would hit the list endpoint instead.
        throw new ServiceError({
          kind: 'validation',
          method: 'GET',
          endpoint: '/hospitals/indonesia/{code}',
          requestSent: false,
          detail: 'hospital code is empty',
        })
      }
      const { data, site } = await call('GET', `/hospitals/indonesia/${encodeURIComponent(code.trim())}`, undefined, opts)
      return expectRecord(data, site) as unknown as HospitalRecord
    },

    async hospitalTypes(opts) {
      const { data, site } = await call('GET', '/hospitals/indonesia/types', undefined, opts)
      return readHospitalTypes(data, site)
    },

    hospitalClasses: (opts) => filterValues('/hospitals/indonesia/classes', opts),
    hospitalOwnership: (opts) => filterValues('/hospitals/indonesia/ownership', opts),
    hospitalBluStatus: (opts) => filterValues('/hospitals/indonesia/blu-status', opts),
  }
}

function expectRecords(items: unknown[], site: CallSite): Record<string, unknown>[] {
  items.forEach((item, i) => {
    if (!isRecord(item)) throw protocolError(site, `item ${i} is not an object`)
  })
  return items as Record<string, unknown>[]
}

/**
 * The shapes of classes/ownership/blu-status are "not shown" (spec 4.4). Accepted: a list
 * of strings, a list of {value|name|code} objects, or an object holding one such list (like
 * the `types` endpoint's `{types, count}`).
 */
export function readFilterValues(data: unknown, site: CallSite): string[] {
  const fromList = (list: unknown[]): string[] | undefined => {
    const out: string[] = []
    for (const v of list) {
      if (typeof v === 'string') out.push(v)
      else if (isRecord(v)) {
        const s = [v.value, v.name, v.code].find((x) => typeof x === 'string')
        if (typeof s !== 'string') return undefined
        out.push(s)
      } else return undefined
    }
    return out
  }
  if (Array.isArray(data)) {
    const values = fromList(data)
    if (values) return values
  } else if (isRecord(data)) {
    for (const value of Object.values(data)) {
      if (!Array.isArray(value)) continue
      const values = fromList(value)
      if (values) return values
    }
  }
  throw protocolError(site, 'data is not a list of filter values')
}
