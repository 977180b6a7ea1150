/**
 * Every endpoint of spec section 4 against a real loopback server: the request on the wire
 * (method, path, query encoding, auth header) and the typed answer the client returns.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import busboy from 'busboy'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { collectAll, createServiceClient, paginate, type ServiceClient } from '../../src-main/core/provider'
import type { HospitalRecord, SchoolRecordWire } from '../../src-main/core/provider/types'
import { json, ok, startScriptedServer, type RecordedRequest, type ScriptedServer } from '../helpers/scripted-server'

const facesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/faces')
const KEY = 'test-key-7f3a9c'

let server: ScriptedServer
let client: ServiceClient

beforeAll(async () => {
  server = await startScriptedServer()
  client = createServiceClient({ baseUrl: server.baseUrl, apiKey: KEY })
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

const last = (): RecordedRequest => server.requests[server.requests.length - 1]
const paging = (page: number, total_page: number, size = 100, total_item = 0) => ({ page, size, total_item, total_page })

const wireSchool = (npsn: string, premium = false): SchoolRecordWire => ({
  npsn,
  name: `SD NEGERI ${npsn}`,
  grade: 'SD',
  status: 'N',
  accreditation: premium ? 'A' : 'Hanya tersedia untuk paket premium',
  address: 'Jl. Merdeka',
  province_code: '32',
  province_name: 'JAWA BARAT',
  regency_code: '3273',
  regency_name: 'KOTA BANDUNG',
  district_code: '327301',
  district_name: 'Sukasari',
  lang: premium ? '-6.9147' : 'Hanya tersedia untuk paket premium',
  long: premium ? '107.6098' : 'Hanya tersedia untuk paket premium',
})

const hospitalRecord = (code: string): HospitalRecord => ({
  code,
  name: 'RS Bhayangkara',
  address: 'Jl. Sumatera',
  phone: null,
  type: 'Rumah Sakit Umum',
  class: 'B',
  blu_status: 'Non BLUD',
  ownership: 'TNI/Polri',
  director: 'dr. A',
  facilities: { land_area: '1200 m2', building_area: '-', total_beds: 120 },
  beds: { class_i: 10, class_ii: 20, class_iii: 60, hcu: 4, perinatology: 6, icu_with_ventilator: 2 },
  services: { count: 2, list: ['IGD', 'Radiologi'] },
  staff: { total: 300, general_practitioner: 12, basic_specialist: 8.5, other_specialist: 4 },
  province_code: '32',
  regency_code: '3273',
  scraped_at: '2025-01-15T08:30:12.123456',
})

describe('regional lookup', () => {
  it('provinces: GET with the key in x-api-service-id and a user agent', async () => {
    server.answerNext(ok([{ code: '32', name: 'JAWA BARAT' }]))
    expect(await client.provinces()).toEqual([{ code: '32', name: 'JAWA BARAT' }])
    expect(last().method).toBe('GET')
    expect(last().rawUrl).toBe('/regional/indonesia/provinces')
    expect(last().headers['x-api-service-id']).toBe(KEY)
    expect(last().headers['user-agent']).toMatch(/^rekap\//)
  })

  it('regencies: name with spaces, province_code, page; returns items and paging', async () => {
    const item = { code: '3273', name: 'KOTA BANDUNG', province: { code: '32', name: 'JAWA BARAT' } }
    server.answerNext(ok([item], paging(2, 3, 10, 27)))
    const page = await client.regencies({ name: 'kota bandung', province_code: '32', page: 2 })
    expect(page).toEqual({ items: [item], paging: paging(2, 3, 10, 27) })
    expect(last().path).toBe('/regional/indonesia/regencies')
    expect(last().rawUrl).toContain('name=kota%20bandung')
    expect(Object.fromEntries(last().query)).toEqual({ name: 'kota bandung', province_code: '32', page: '2' })
  })

  it('regencies without arguments sends no query at all', async () => {
    server.answerNext(ok([], paging(1, 0)))
    await client.regencies()
    expect(last().rawUrl).toBe('/regional/indonesia/regencies')
  })

  it('districts: regency_code', async () => {
    server.answerNext(ok([{ code: '327301', name: 'Sukasari', regency_code: '3273' }]))
    const districts = await client.districts({ regency_code: '3273' })
    expect(districts[0].code).toBe('327301')
    expect(last().rawUrl).toBe('/regional/indonesia/districts?regency_code=3273')
  })

  it('autocomplete: query and type', async () => {
    server.answerNext(ok([{ code: '3273', name: 'KOTA BANDUNG', type: 'regency' }]))
    const items = await client.autocomplete({ query: 'band ung&x=1', type: 'regency' })
    expect(items).toHaveLength(1)
    expect(last().path).toBe('/regional/indonesia/autocomplete')
    expect(last().rawUrl).toContain('query=band%20ung%26x%3D1')
    expect(Object.fromEntries(last().query)).toEqual({ query: 'band ung&x=1', type: 'regency' })
  })
})

describe('school directory', () => {
  it('schools: every filter on the wire, placeholders -> null, premium coordinates -> numbers', async () => {
    server.answerNext(ok([wireSchool('20219001'), wireSchool('20219002', true)], paging(3, 4, 100, 350)))
    const page = await client.schools({
      regency_code: '3273', npsn: '20219001', name: 'sd negeri', status: 'N', grade: 'SD', accreditation: 'A', page: 3,
    })
    expect(last().path).toBe('/regional/indonesia/schools')
    expect(Object.fromEntries(last().query)).toEqual({
      regency_code: '3273', npsn: '20219001', name: 'sd negeri', status: 'N', grade: 'SD', accreditation: 'A', page: '3',
    })
    expect(page.paging).toEqual(paging(3, 4, 100, 350))
    expect(page.items[0]).toMatchObject({ npsn: '20219001', accreditation: null, lang: null, long: null })
    expect(page.items[1]).toMatchObject({ npsn: '20219002', accreditation: 'A', lang: -6.9147, long: 107.6098 })
  })

  it('paginate over schools reads all pages of a regency and concatenates them', async () => {
    const total = 250
    server.answerAlways((req, res) => {
      const p = Number(req.query.get('page') ?? '1')
      const items = Array.from({ length: Math.min(100, total - (p - 1) * 100) }, (_, i) => wireSchool(String(20000000 + (p - 1) * 100 + i)))
      json(200, { is_success: true, message: 'Success', data: items, paging: paging(p, 3, 100, total) })(req, res)
    })
    try {
      const pages: number[] = []
      for await (const page of paginate((p) => client.schools({ regency_code: '3273', page: p }))) pages.push(page.items.length)
      expect(pages).toEqual([100, 100, 50])
      expect(server.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3'])
      const all = await collectAll((p) => client.schools({ regency_code: '3273', page: p }))
      expect(new Set(all.map((s) => s.npsn)).size).toBe(250)
      expect(all.every((s) => s.lang === null && s.regency_code === '3273')).toBe(true)
    } finally {
      server.answerAlways(json(599, { is_success: false, message: 'no scripted answer' }))
    }
  })

  it('schools/search: query, its own envelope returned as sent', async () => {
    const body = { status: 'success', timestamp: '2025-01-01T00:00:00Z', result: [{ npsn: '1' }] }
    server.answerNext(json(200, body))
    expect(await client.schoolSearch('sman 3 bandung')).toEqual(body)
    expect(last().rawUrl).toBe('/regional/indonesia/schools/search?query=sman%203%20bandung')
  })
})

describe('face match', () => {
  it('POSTs multipart/form-data with parts image1 and image2 (name, type, exact bytes)', async () => {
    const jpg = readFileSync(path.join(facesDir, 'obama_240p.jpg'))
    const png = readFileSync(path.join(facesDir, 'alex_lacamoire_2.png'))
    server.answerNext(ok({ match: false, confidence: 0.12 }))
    const result = await client.faceMatch({
      image1: { data: jpg, filename: 'ktp.jpg' },
      image2: { data: new Uint8Array(png), filename: 'selfie', contentType: 'image/png' },
    })
    expect(result).toEqual({ match: false, confidence: 0.12 })
    const req = last()
    expect(req.method).toBe('POST')
    expect(req.rawUrl).toBe('/face-match/verify')
    expect(req.headers['x-api-service-id']).toBe(KEY)
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)

    const parts = await parseMultipart(req)
    expect(Object.keys(parts).sort()).toEqual(['image1', 'image2'])
    expect(parts.image1.filename).toBe('ktp.jpg')
    expect(parts.image1.mimeType).toBe('image/jpeg')
    expect(parts.image1.data.equals(jpg)).toBe(true)
    expect(parts.image2.filename).toBe('selfie')
    expect(parts.image2.mimeType).toBe('image/png')
    expect(parts.image2.data.equals(png)).toBe(true)
  })
})

describe('hospital directory', () => {
  it('hospitals: every filter incl. TNI/Polri and values with spaces, page and size', async () => {
    server.answerNext(ok([hospitalRecord('3273011')], paging(1, 1, 50, 1)))
    const page = await client.hospitals({
      page: 1, size: 50, name: 'rs bhayangkara', type: 'Rumah Sakit Umum', class: 'B',
      ownership: 'TNI/Polri', blu_status: 'Non BLUD', province_code: '32', regency_code: '3273',
    })
    expect(page.items[0].code).toBe('3273011')
    expect(page.items[0].staff.basic_specialist).toBe(8.5)
    expect(last().path).toBe('/hospitals/indonesia/')
    expect(last().rawUrl).toContain('ownership=TNI%2FPolri')
    expect(last().rawUrl).toContain('type=Rumah%20Sakit%20Umum')
    expect(last().rawUrl).toContain('blu_status=Non%20BLUD')
    expect(Object.fromEntries(last().query)).toEqual({
      page: '1', size: '50', name: 'rs bhayangkara', type: 'Rumah Sakit Umum', class: 'B',
      ownership: 'TNI/Polri', blu_status: 'Non BLUD', province_code: '32', regency_code: '3273',
    })
  })

  it('hospital by code: the code is path-encoded', async () => {
    server.answerNext(ok(hospitalRecord('A/1 2')))
    const h = await client.hospital('A/1 2')
    expect(h.code).toBe('A/1 2')
    expect(h.scraped_at).toBe('2025-01-15T08:30:12.123456')
    expect(last().rawUrl).toBe('/hospitals/indonesia/A%2F1%202')
  })

  it('an empty hospital code fails locally without a request', async () => {
    const err = await client.hospital('  ').catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'validation', requestSent: false })
    expect(server.requests).toHaveLength(0)
  })

  it('types, classes, ownership, blu-status', async () => {
    server.answerNext(
      ok({ types: ['Rumah Sakit Umum', 'Rumah Sakit Khusus', 'Rumah Sakit Jiwa', 'Rumah Sakit Ibu dan Anak'], count: 4 }),
      ok(['A', 'B', 'C', 'D']),
      ok({ ownership: ['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri'], count: 5 }),
      ok([{ value: 'BLUD' }, { value: 'Non BLUD' }]),
    )
    expect(await client.hospitalTypes()).toEqual({
      types: ['Rumah Sakit Umum', 'Rumah Sakit Khusus', 'Rumah Sakit Jiwa', 'Rumah Sakit Ibu dan Anak'],
      count: 4,
    })
    expect(await client.hospitalClasses()).toEqual(['A', 'B', 'C', 'D'])
    expect(await client.hospitalOwnership()).toEqual(['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri'])
    expect(await client.hospitalBluStatus()).toEqual(['BLUD', 'Non BLUD'])
    expect(server.requests.map((r) => `${r.method} ${r.rawUrl}`)).toEqual([
      'GET /hospitals/indonesia/types',
      'GET /hospitals/indonesia/classes',
      'GET /hospitals/indonesia/ownership',
      'GET /hospitals/indonesia/blu-status',
    ])
  })
})

describe('settings', () => {
  it('uses a configured header name, a base URL with a path prefix, and sends no key when none is set', async () => {
    const prefixed = createServiceClient({ baseUrl: `${server.baseUrl}/api/v0/`, apiKey: KEY, authHeader: 'X-Custom-Key', userAgent: 'probe/1' })
    server.answerNext(ok([]))
    await prefixed.provinces()
    expect(last().rawUrl).toBe('/api/v0/regional/indonesia/provinces')
    expect(last().headers['x-custom-key']).toBe(KEY)
    expect(last().headers['x-api-service-id']).toBeUndefined()
    expect(last().headers['user-agent']).toBe('probe/1')

    server.answerNext(ok([]))
    await createServiceClient({ baseUrl: server.baseUrl }).provinces()
    expect(last().headers['x-api-service-id']).toBeUndefined()
  })
})

interface Part {
  filename: string
  mimeType: string
  data: Buffer
}

function parseMultipart(req: RecordedRequest): Promise<Record<string, Part>> {
  return new Promise((resolve, reject) => {
    const parts: Record<string, Part> = {}
    const bb = busboy({ headers: req.headers })
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        parts[name] = { filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) }
      })
    })
    bb.on('close', () => resolve(parts))
    bb.on('error', reject)
    bb.end(req.body)
  })
}
