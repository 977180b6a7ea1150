/**
 * The project's own service client (src-main/core/provider) against the real `rekap sandbox`
 * process: every endpoint the client speaks, plus the error kinds it derives from answers.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectAll, createServiceClient, ServiceError, type ServiceClient } from '../../src-main/core/provider/index'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

async function errorKind(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'no error'
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceError)
    return (err as ServiceError).kind
  }
}

describe('service client against the sandbox (non-premium, quota 30 hits)', () => {
  let sb: SandboxProcess
  let client: ServiceClient
  beforeAll(async () => {
    sb = await startSandboxProcess({ args: ['--balance', '0', '--monthly-quota', '30', '--hospital-plan', 'premium'] })
    client = createServiceClient({ baseUrl: sb.url, apiKey: sb.key })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('reads regions, schools (normalised) and hospitals, paging to the end', async () => {
    expect(await client.provinces()).toHaveLength(38)
    const aceh = await client.regencies({ province_code: '11' })
    expect(aceh.items).toHaveLength(23)
    expect(await client.districts({ regency_code: '3273' })).toHaveLength(30)
    expect((await client.autocomplete({ query: 'bandung', type: 'regency' })).length).toBeGreaterThan(0)

    const schools = await collectAll((page) => client.schools({ regency_code: '1101', page }))
    const first = await client.schools({ regency_code: '1101' })
    expect(schools).toHaveLength(first.paging.total_item)
    // the premium placeholder becomes "unavailable", never a coordinate
    expect(schools.every((s) => s.accreditation === null && s.lang === null && s.long === null)).toBe(true)

    const hospitals = await collectAll((page) => client.hospitals({ province_code: '32', class: 'B', page, size: 10 }))
    expect(hospitals.length).toBeGreaterThan(0)
    expect(hospitals.every((h) => h.province_code === '32' && h.class === 'B')).toBe(true)
    expect(await client.hospital(hospitals[0].code)).toEqual(hospitals[0])
    expect((await client.hospitalTypes()).count).toBe(4)
    expect(await client.hospitalClasses()).toEqual(['A', 'B', 'C', 'D'])
    expect(await client.hospitalOwnership()).toContain('TNI/Polri')
    expect(await client.hospitalBluStatus()).toEqual(['BLUD', 'Non BLUD'])
  })

  it('maps the sandbox errors to the client error kinds', async () => {
    expect(await errorKind(client.hospital('0000000'))).toBe('not-found')
    expect(await errorKind(client.schoolSearch('SMA'))).toBe('premium')
    const anon = createServiceClient({ baseUrl: sb.url, apiKey: 'wrong' })
    expect(await errorKind(anon.provinces())).toBe('auth')
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#777' } }).jpeg().toBuffer()
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    expect(await errorKind(client.faceMatch({ image1: { data: gif, filename: 'a.jpg' }, image2: { data: jpeg, filename: 'b.jpg' } }))).toBe('validation')
    expect(await errorKind(client.faceMatch({ image1: { data: jpeg, filename: 'a.jpg' }, image2: { data: jpeg, filename: 'b.jpg' } }))).toBe('balance')
    // exhaust the hospital quota: 'quota', not 'rate-limited'
    await sb.admin('POST', '/_sandbox/reset-usage')
    for (let i = 0; i < 30; i++) await client.hospitalTypes()
    expect(await errorKind(client.hospitalTypes())).toBe('quota')
  })
})
