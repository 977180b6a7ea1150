/**
 * The client against the embedded sandbox (src-main/sandbox), a faithful implementation of
 * the spec: every endpoint, the paging helper over real data, the premium placeholder, the
 * spec 7 errors with their exact texts, the rate limit and the monthly quota, and one real
 * face comparison through the real model.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BLU_STATUSES,
  collectAll,
  createServiceClient,
  HOSPITAL_CLASSES,
  HOSPITAL_TYPES,
  isRetryable,
  MESSAGES,
  OWNERSHIPS,
  paginate,
  ServiceError,
  type ServiceClient,
} from '../../src-main/core/provider'
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox'

const facesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/faces')
const face = (name: string) => ({ data: readFileSync(path.join(facesDir, name)), filename: name })
const KEY = 'sandbox-client-suite-key'

async function caught(p: Promise<unknown>): Promise<ServiceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ServiceError)
  return err as ServiceError
}

let basic: RunningSandbox // no premium, premium hospital plan (100 rps) so reads are not throttled
let premium: RunningSandbox
let client: ServiceClient
let premiumClient: ServiceClient

beforeAll(async () => {
  basic = await startSandbox({ port: 0, keys: [KEY], premium: false, hospitalPlan: 'premium', seed: 7 })
  premium = await startSandbox({ port: 0, keys: [KEY], premium: true, hospitalPlan: 'premium', seed: 7 })
  client = createServiceClient({ baseUrl: basic.url, apiKey: KEY })
  premiumClient = createServiceClient({ baseUrl: premium.url, apiKey: KEY })
})
afterAll(async () => {
  await basic?.close()
  await premium?.close()
})

describe('regional lookup', () => {
  it('provinces -> regencies of a province (paged) -> districts of a regency; autocomplete', async () => {
    const provinces = await client.provinces()
    expect(provinces.length).toBeGreaterThan(30)
    const jabar = provinces.find((p) => p.code === '32')
    expect(jabar).toBeDefined()

    const regencies = await collectAll((page) => client.regencies({ province_code: '32', page }))
    expect(regencies.length).toBeGreaterThan(20)
    expect(regencies.every((r) => r.code.startsWith('32') && r.code.length === 4 && r.province.code === '32')).toBe(true)
    expect(new Set(regencies.map((r) => r.code)).size).toBe(regencies.length)

    const bandung = (await client.regencies({ name: 'kota bandung' })).items.find((r) => r.code === '3273')
    expect(bandung?.name).toMatch(/BANDUNG/)

    const districts = await client.districts({ regency_code: '3273' })
    expect(districts.length).toBeGreaterThan(5)
    expect(districts.every((d) => d.code.startsWith('3273') && d.code.length === 6)).toBe(true)

    const suggestions = await client.autocomplete({ query: 'band', type: 'regency' })
    expect(suggestions.length).toBeGreaterThan(0)
    expect(suggestions.length).toBeLessThanOrEqual(10)
  })
})

describe('schools', () => {
  it('all pages of a regency; without premium accreditation/lang/long are null, never numbers', async () => {
    const pages: number[] = []
    let totalItem = -1
    const all = []
    for await (const page of paginate((p) => client.schools({ regency_code: '3273', page: p }))) {
      pages.push(page.paging.page)
      totalItem = page.paging.total_item
      expect(page.paging.size).toBe(100)
      all.push(...page.items)
    }
    expect(pages.length).toBeGreaterThan(1)
    expect(all).toHaveLength(totalItem)
    expect(new Set(all.map((s) => s.npsn)).size).toBe(all.length)
    expect(all.every((s) => s.regency_code === '3273')).toBe(true)
    expect(all.every((s) => s.accreditation === null && s.lang === null && s.long === null)).toBe(true)
  })

  it('with premium, coordinates are finite numbers (or null), never NaN', async () => {
    const page = await premiumClient.schools({ regency_code: '3273' })
    expect(page.items.length).toBeGreaterThan(0)
    for (const s of page.items) {
      for (const c of [s.lang, s.long]) expect(c === null || Number.isFinite(c)).toBe(true)
    }
    expect(page.items.some((s) => typeof s.lang === 'number' && typeof s.long === 'number')).toBe(true)
    expect(page.items.some((s) => typeof s.accreditation === 'string')).toBe(true)
  })

  it('npsn filter returns exactly that school; name filter with a space', async () => {
    const first = (await client.schools({ regency_code: '3273' })).items[0]
    const byNpsn = await client.schools({ npsn: first.npsn })
    expect(byNpsn.items.map((s) => s.npsn)).toEqual([first.npsn])
    const words = first.name.split(' ').slice(0, 2).join(' ').toLowerCase()
    const byName = await client.schools({ regency_code: '3273', name: words })
    expect(byName.items.length).toBeGreaterThan(0)
    expect(byName.items.every((s) => s.name.toLowerCase().includes(words))).toBe(true)
  })

  it('accreditation filter and schools/search need premium (403 -> premium)', async () => {
    const filter = await caught(client.schools({ accreditation: 'A' }))
    expect(filter).toMatchObject({ kind: 'premium', status: 403, serviceMessage: MESSAGES.accreditationPremium })
    expect((await caught(client.schoolSearch('sd negeri'))).kind).toBe('premium')
    const found = await premiumClient.schoolSearch('sd negeri')
    expect(Object.keys(found).sort()).toEqual(['result', 'status', 'timestamp'])
  })

  it('a wrong key -> auth with the exact text, and the key is not in the message', async () => {
    const wrong = createServiceClient({ baseUrl: basic.url, apiKey: 'not-the-key-1234' })
    const err = await caught(wrong.schools({ regency_code: '3273' }))
    expect(err).toMatchObject({ kind: 'auth', status: 401, serviceMessage: MESSAGES.schoolsUnauthorized })
    expect(err.message).not.toContain('not-the-key-1234')
  })
})

describe('hospitals', () => {
  it('filters incl. TNI/Polri and Rumah Sakit Umum; paging across pages; detail by code', async () => {
    const tni = await collectAll((page) => client.hospitals({ ownership: 'TNI/Polri', size: 10, page }))
    expect(tni.length).toBeGreaterThan(10)
    expect(tni.every((h) => h.ownership === 'TNI/Polri')).toBe(true)

    const rsu = await client.hospitals({ type: 'Rumah Sakit Umum', blu_status: 'Non BLUD', province_code: '32', size: 5 })
    expect(rsu.paging.size).toBe(5)
    expect(rsu.items.every((h) => h.type === 'Rumah Sakit Umum' && h.blu_status === 'Non BLUD' && h.province_code === '32')).toBe(true)

    const detail = await client.hospital(tni[0].code)
    expect(detail).toEqual(tni[0])
  })

  it('an unknown code -> not-found with the exact text', async () => {
    const err = await caught(client.hospital('0000000'))
    expect(err).toMatchObject({ kind: 'not-found', status: 404, serviceMessage: MESSAGES.hospitalNotFound })
  })

  it('types, classes, ownership, blu-status list the spec values', async () => {
    expect((await client.hospitalTypes()).types).toEqual([...HOSPITAL_TYPES])
    expect(await client.hospitalClasses()).toEqual([...HOSPITAL_CLASSES])
    expect(await client.hospitalOwnership()).toEqual([...OWNERSHIPS])
    expect(await client.hospitalBluStatus()).toEqual([...BLU_STATUSES])
  })
})

describe('limits', () => {
  it('standard hospital plan: a burst above 20 rps meets 429 rate-limited with Retry-After', async () => {
    const sb = await startSandbox({ port: 0, keys: [KEY], hospitalPlan: 'standard', seed: 7 })
    try {
      const c = createServiceClient({ baseUrl: sb.url, apiKey: KEY })
      const results = await Promise.allSettled(Array.from({ length: 40 }, () => c.hospitals({ size: 1 })))
      const limited = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as ServiceError] : []))
      expect(limited.length).toBeGreaterThan(0)
      expect(limited.every((e) => e.kind === 'rate-limited' && isRetryable(e))).toBe(true)
      expect(limited[0].retryAfterMs).toBeGreaterThan(0)
    } finally {
      await sb.close()
    }
  })

  it('monthly quota used up -> quota, not retryable', async () => {
    const sb = await startSandbox({ port: 0, keys: [KEY], hospitalPlan: 'premium', monthlyQuota: 2, seed: 7 })
    try {
      const c = createServiceClient({ baseUrl: sb.url, apiKey: KEY })
      await c.hospitals({ size: 1 })
      await c.hospitals({ size: 1 })
      const err = await caught(c.hospitals({ size: 1 }))
      expect(err).toMatchObject({ kind: 'quota', status: 429 })
      expect(err.serviceMessage).toMatch(/^Monthly quota exceeded/)
      expect(isRetryable(err)).toBe(false)
    } finally {
      await sb.close()
    }
  })
})

describe('face match', () => {
  it('no key -> auth with the face-match text', async () => {
    const anon = createServiceClient({ baseUrl: basic.url })
    const err = await caught(anon.faceMatch({ image1: face('obama_240p.jpg'), image2: face('obama_240p.jpg') }))
    expect(err).toMatchObject({ kind: 'auth', status: 401, serviceMessage: MESSAGES.faceKeyRequired })
  })

  it('a text file as image2 -> validation on field image2, free', async () => {
    const before = basic.state()
    const err = await caught(
      client.faceMatch({ image1: face('obama_240p.jpg'), image2: { data: Buffer.from('not an image'), filename: 'x.jpg' } }),
    )
    expect(err).toMatchObject({ kind: 'validation', status: 400, field: 'image2', serviceMessage: MESSAGES.image2Type })
    expect(basic.state()).toEqual(before)
  })

  it('balance below the price -> balance (402)', async () => {
    const sb = await startSandbox({ port: 0, keys: [KEY], balance: 399, seed: 7 })
    try {
      const c = createServiceClient({ baseUrl: sb.url, apiKey: KEY })
      const err = await caught(c.faceMatch({ image1: face('obama_240p.jpg'), image2: face('obama_1.jpg') }))
      expect(err).toMatchObject({ kind: 'balance', status: 402, serviceMessage: MESSAGES.insufficientBalance })
    } finally {
      await sb.close()
    }
  })

  it('two photos of one person through the real model -> match', async () => {
    // The sandbox loads the model on the first verify (~18 s on a busy 2-core machine), close
    // to the 30 s default; a generous timeout keeps this about behaviour, not machine speed.
    const patient = createServiceClient({ baseUrl: basic.url, apiKey: KEY, timeoutMs: 150_000 })
    const result = await patient.faceMatch({ image1: face('obama_1.jpg'), image2: face('obama_2.jpg') })
    expect(result.match).toBe(true)
    expect(result.confidence).toBeGreaterThan(0.5)
    const other = await patient.faceMatch({ image1: face('obama_1.jpg'), image2: face('biden_1.jpg') })
    expect(other.match).toBe(false)
  })
})
