/**
 * Premium account features, hospital plan rate limits and monthly quotas, against the
 * real `rekap sandbox` process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

async function get(sb: SandboxProcess, path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${sb.url}${path}`, { headers: { 'x-api-service-id': sb.key } })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** Fires `n` requests at once and returns their statuses and headers. */
async function burst(sb: SandboxProcess, path: string, n: number): Promise<Array<{ status: number; body: any; headers: Headers }>> {
  return Promise.all(Array.from({ length: n }, () => get(sb, path)))
}

describe('premium account and premium hospital plan', () => {
  let sb: SandboxProcess
  beforeAll(async () => {
    sb = await startSandboxProcess({ args: ['--premium', '--hospital-plan', 'premium'] })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('school records carry real accreditation and numeric lang/long strings', async () => {
    const r = await get(sb, '/regional/indonesia/schools?regency_code=3273')
    for (const s of r.body.data) {
      expect(['A', 'B', 'C', 'TT']).toContain(s.accreditation)
      expect(s.lang).toMatch(/^-?\d+\.\d+$/)
      expect(s.long).toMatch(/^-?\d+\.\d+$/)
      expect(Math.abs(Number(s.lang))).toBeLessThan(12)
      expect(Number(s.long)).toBeGreaterThan(94)
    }
  })

  it('the accreditation filter works and combines with other filters', async () => {
    const r = await get(sb, '/regional/indonesia/schools?regency_code=3273&accreditation=A&grade=SD')
    expect(r.status).toBe(200)
    expect(r.body.paging.total_item).toBeGreaterThan(0)
    expect(r.body.data.every((s: any) => s.accreditation === 'A' && s.grade === 'SD')).toBe(true)
  })

  it('schools/search answers its own envelope: status, timestamp, result', async () => {
    const named = (await get(sb, '/regional/indonesia/schools?regency_code=3273&grade=SMA')).body.data[0]
    const r = await get(sb, `/regional/indonesia/schools/search?query=${encodeURIComponent(named.npsn)}`)
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['result', 'status', 'timestamp'])
    expect(r.body.status).toBe('success')
    expect(Number.isNaN(Date.parse(r.body.timestamp))).toBe(false)
    expect(r.body.result).toEqual([named])
    const byName = await get(sb, '/regional/indonesia/schools/search?query=sma%20negeri%201%20bandung')
    expect(byName.body.result.length).toBeGreaterThan(0)
    expect(byName.body.result.every((s: any) => /sma negeri 1 bandung/i.test(s.name + s.address))).toBe(true)
  })

  it('a 60-request burst at the hospitals gets no 429 on the premium plan (100 rps)', async () => {
    const answers = await burst(sb, '/hospitals/indonesia/?size=1', 60)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(0)
    expect(answers.every((a) => a.status === 200)).toBe(true)
  })
})

describe('standard hospital plan: 20 requests per second', () => {
  let sb: SandboxProcess
  beforeAll(async () => {
    sb = await startSandboxProcess()
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('a 60-request burst gets 429 with Retry-After: 1 beyond the rate, and the rate recovers', async () => {
    const answers = await burst(sb, '/hospitals/indonesia/?size=1', 60)
    const limited = answers.filter((a) => a.status === 429)
    const ok = answers.filter((a) => a.status === 200)
    expect(ok.length).toBeGreaterThanOrEqual(20)
    expect(limited.length).toBeGreaterThanOrEqual(20)
    expect(ok.length + limited.length).toBe(60)
    for (const a of limited) {
      expect(a.headers.get('retry-after')).toBe('1')
      expect(a.body.is_success).toBe(false)
      expect(a.body.message).toMatch(/^Too many requests/)
    }
    // only successful hits count against the monthly quota
    expect((await sb.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(ok.length)
    await new Promise((r) => setTimeout(r, 1100))
    expect((await get(sb, '/hospitals/indonesia/types')).status).toBe(200)
  })

  it('the rate is per product: schools are not limited by the hospital bucket', async () => {
    await burst(sb, '/hospitals/indonesia/types', 40)
    const schools = await burst(sb, '/regional/indonesia/schools?regency_code=1101', 30)
    expect(schools.every((a) => a.status === 200)).toBe(true)
  })
})

describe('monthly quota', () => {
  let sb: SandboxProcess
  beforeAll(async () => {
    sb = await startSandboxProcess({ args: ['--monthly-quota', '3', '--hospital-plan', 'premium'] })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('after N successful hits the product answers 429 "Monthly quota exceeded" without Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await get(sb, '/hospitals/indonesia/types')).status).toBe(200)
    const over = await get(sb, '/hospitals/indonesia/types')
    expect(over.status).toBe(429)
    expect(over.body.is_success).toBe(false)
    expect(over.body.message.startsWith('Monthly quota exceeded')).toBe(true)
    expect(over.headers.get('retry-after')).toBeNull()
    // quotas are per product: schools still have their own 3 hits
    expect((await get(sb, '/regional/indonesia/schools?regency_code=3273')).status).toBe(200)
    const state = await sb.admin('GET', '/_sandbox/state')
    expect(state.hits).toMatchObject({ hospitals: 3, schools: 1 })
    expect(state.month).toMatch(/^\d{4}-\d{2}$/)
  })

  it('reset-usage starts the month over', async () => {
    const state = await sb.admin('POST', '/_sandbox/reset-usage')
    expect(state.hits.hospitals).toBe(0)
    expect((await get(sb, '/hospitals/indonesia/types')).status).toBe(200)
  })
})
