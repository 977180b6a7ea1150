/**
 * `rekap sandbox --data-dir ../shared/data`: real hospitals and schools, mapped into the
 * spec's enums, still starting in under 2 s (schools load on first use).
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARED_DIR, startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

const DATA_DIR = resolve(SHARED_DIR, 'data')

describe('real data from --data-dir (../shared/data)', () => {
  let sb: SandboxProcess
  const get = async (path: string): Promise<any> =>
    (await fetch(`${sb.url}${path}`, { headers: { 'x-api-service-id': sb.key } })).json()

  beforeAll(async () => {
    sb = await startSandboxProcess({ args: ['--data-dir', DATA_DIR, '--premium', '--hospital-plan', 'premium'] })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('starts in under 2 s and says where its data comes from', () => {
    const reported = Number(/started in (\d+) ms/.exec(sb.output())?.[1])
    console.log(`sandbox --data-dir startup: ${reported} ms in-process, ${Math.round(sb.startupMs)} ms from spawn`)
    expect(reported).toBeLessThan(2000)
    expect(sb.output()).toContain(`data: real CSVs from ${DATA_DIR}`)
  })

  it('serves all 3,155 registry hospitals with every value inside the spec enums', async () => {
    const first = await get('/hospitals/indonesia/?size=100')
    expect(first.paging.total_item).toBe(3155)
    const seen = { type: new Set(), class: new Set(), ownership: new Set(), blu_status: new Set() }
    for (let p = 1; p <= first.paging.total_page; p++) {
      const page = p === 1 ? first : await get(`/hospitals/indonesia/?size=100&page=${p}`)
      for (const h of page.data) for (const k of Object.keys(seen) as Array<keyof typeof seen>) seen[k].add(h[k])
    }
    expect([...seen.type].sort()).toEqual(['Rumah Sakit Ibu dan Anak', 'Rumah Sakit Jiwa', 'Rumah Sakit Khusus', 'Rumah Sakit Umum'])
    expect([...seen.class].sort()).toEqual(['A', 'B', 'C', 'D'])
    expect([...seen.ownership].sort()).toEqual(['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri'])
    expect([...seen.blu_status].sort()).toEqual(['BLUD', 'Non BLUD'])
    const arun = await get('/hospitals/indonesia/1110053')
    expect(arun.data).toMatchObject({ name: 'RS Arun Lhokseumawe', class: 'C', ownership: 'Swasta', blu_status: 'Non BLUD', regency_code: '1173' })
    expect(arun.data.facilities.total_beds).toBe(218)
  })

  it('serves the 1,361 real schools of Kota Bandung over its 30 districts', async () => {
    const all: any[] = []
    const first = await get('/regional/indonesia/schools?regency_code=3273')
    expect(first.paging.total_item).toBe(1361)
    for (let p = 1; p <= first.paging.total_page; p++) all.push(...(await get(`/regional/indonesia/schools?regency_code=3273&page=${p}`)).data)
    expect(new Set(all.map((s) => s.npsn)).size).toBe(1361)
    expect(new Set(all.map((s) => s.district_code)).size).toBe(30)
    expect(new Set(all.map((s) => s.grade))).toEqual(new Set(['SD', 'SMP', 'SMA', 'SMK', 'SLB']))
    expect(all.every((s) => (s.status === 'N' || s.status === 'S') && s.regency_name === 'KOTA BANDUNG')).toBe(true)
    expect(all.every((s) => /^-?\d+(\.\d+)?$/.test(s.lang) && ['A', 'B', 'C', 'TT'].includes(s.accreditation))).toBe(true)
    const byNpsn = await get('/regional/indonesia/schools?npsn=20106343')
    expect(byNpsn.data).toHaveLength(1)
    expect(byNpsn.data[0]).toMatchObject({ name: 'SMP NEGERI 241', grade: 'SMP', status: 'N', regency_code: '3101' })
  })
})
