/**
 * The real `rekap sandbox` process (standard account, standard hospital plan) against the
 * spec's endpoint, error and limit tables for the regional, school and hospital areas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

let sb: SandboxProcess

async function get(path: string, key: string | null = sb.key): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${sb.url}${path}`, { headers: key === null ? {} : { 'x-api-service-id': key } })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

beforeAll(async () => {
  sb = await startSandboxProcess()
})
afterAll(async () => {
  await sb?.stop()
})

describe('startup', () => {
  it('prints the listening line and the admin token, never the key it was given, and starts in under 2 s', () => {
    expect(sb.output()).toMatch(/^rekap sandbox listening on http:\/\/127\.0\.0\.1:\d+$/m)
    // issue 24 item 12: a key the user gave is not printed (stdout is often a log or a shared terminal)
    expect(sb.output()).not.toContain('test-key')
    expect(sb.output()).toMatch(/key: 1 given .*not printed/)
    expect(sb.output()).toContain('admin token: test-admin-token')
    const reported = Number(/started in (\d+) ms/.exec(sb.output())?.[1])
    console.log(`sandbox startup: ${reported} ms in-process, ${Math.round(sb.startupMs)} ms from spawn`)
    expect(reported).toBeLessThan(2000)
  })
})

describe('authentication (spec 5, 7)', () => {
  it.each([
    ['/regional/indonesia/schools?regency_code=3273', 'Unauthorized: API key is required'],
    ['/regional/indonesia/schools/search?query=SMA', 'User not authenticated'],
    ['/hospitals/indonesia/', 'Unauthorized: API key is required'],
    ['/regional/indonesia/provinces', 'Unauthorized: API key is required'],
  ])('%s without a key or with a wrong key -> 401 %s', async (path, message) => {
    for (const key of [null, 'wrong-key']) {
      const r = await get(path, key)
      expect(r.status).toBe(401)
      expect(r.body).toEqual({ is_success: false, message })
    }
  })
})

describe('regional lookup (spec 4.1)', () => {
  it('lists 38 provinces with 2-digit codes', async () => {
    const r = await get('/regional/indonesia/provinces')
    expect(r.status).toBe(200)
    expect(r.body.is_success).toBe(true)
    expect(r.body.message).toBe('Success')
    expect(r.body.data).toHaveLength(38)
    expect(r.body.data.every((p: any) => /^\d{2}$/.test(p.code))).toBe(true)
  })

  it('lists the 23 regencies of Aceh, upper case, with their province and paging', async () => {
    const r = await get('/regional/indonesia/regencies?province_code=11')
    expect(r.body.data).toHaveLength(23)
    expect(r.body.paging).toEqual({ page: 1, size: 100, total_item: 23, total_page: 1 })
    for (const item of r.body.data) {
      expect(item.code).toMatch(/^11\d{2}$/)
      expect(item.name).toBe(item.name.toUpperCase())
      expect(item.province).toEqual({ code: '11', name: 'Aceh' })
    }
  })

  it('pages through all 514 regencies and finds them by name case-insensitively', async () => {
    const first = await get('/regional/indonesia/regencies')
    expect(first.body.paging).toEqual({ page: 1, size: 100, total_item: 514, total_page: 6 })
    const last = await get('/regional/indonesia/regencies?page=6')
    expect(last.body.data).toHaveLength(14)
    const byName = await get('/regional/indonesia/regencies?name=kota%20bandung')
    expect(byName.body.data.map((r: any) => r.code)).toEqual(['3273'])
  })

  it('lists the 30 districts of Kota Bandung with 6-digit codes', async () => {
    const r = await get('/regional/indonesia/districts?regency_code=3273')
    expect(r.body.data).toHaveLength(30)
    expect(r.body.data.every((d: any) => /^3273\d{2}$/.test(d.code))).toBe(true)
    expect(r.body.paging).toBeUndefined()
  })

  it('autocomplete returns at most 10 case-insensitive matches and no paging', async () => {
    const many = await get('/regional/indonesia/autocomplete?query=KAB&type=regency')
    expect(many.body.data).toHaveLength(10)
    expect(many.body.paging).toBeUndefined()
    const bandung = await get('/regional/indonesia/autocomplete?query=bandung&type=regency')
    expect(bandung.body.data.map((x: any) => x.code).sort()).toEqual(['3204', '3217', '3273'])
  })
})

describe('school directory (spec 4.2, 2.4)', () => {
  it('pages by 100 to the last page, treats page<1 as 1 and answers an empty page past the end', async () => {
    const one = await get('/regional/indonesia/schools?regency_code=3273')
    const { total_item, total_page } = one.body.paging
    expect(one.body.paging.size).toBe(100)
    expect(total_page).toBe(Math.ceil(total_item / 100))
    expect(total_item).toBeGreaterThan(300)
    const seen = new Set<string>()
    for (let p = 1; p <= total_page; p++) {
      const page = await get(`/regional/indonesia/schools?regency_code=3273&page=${p}`)
      expect(page.body.paging.page).toBe(p)
      expect(page.body.data.length).toBe(p < total_page ? 100 : total_item - 100 * (total_page - 1))
      for (const s of page.body.data) seen.add(s.npsn)
    }
    expect(seen.size).toBe(total_item)
    for (const p of ['0', '-3']) {
      const r = await get(`/regional/indonesia/schools?regency_code=3273&page=${p}`)
      expect(r.status).toBe(200)
      expect(r.body.paging.page).toBe(1)
      expect(r.body.data).toEqual(one.body.data)
    }
    const past = await get(`/regional/indonesia/schools?regency_code=3273&page=${total_page + 1}`)
    expect(past.body.data).toEqual([])
    expect(past.body.paging).toEqual({ page: total_page + 1, size: 100, total_item, total_page })
  })

  it('records have every field of 2.4, a unique 8-digit NPSN and the premium placeholder', async () => {
    const r = await get('/regional/indonesia/schools?regency_code=3273')
    const s = r.body.data[0]
    expect(Object.keys(s).sort()).toEqual(
      ['accreditation', 'address', 'district_code', 'district_name', 'grade', 'lang', 'long', 'name', 'npsn',
        'province_code', 'province_name', 'regency_code', 'regency_name', 'status'].sort(),
    )
    expect(s.npsn).toMatch(/^\d{8}$/)
    expect(s.regency_code).toBe('3273')
    expect(s.district_code).toMatch(/^3273\d{2}$/)
    expect(s.accreditation).toBe('Data hanya tersedia untuk paket premium')
    expect(s.lang).toBe(s.accreditation)
    expect(s.long).toBe(s.accreditation)
  })

  it('every grade and both statuses exist, and filters combine', async () => {
    for (const grade of ['SD', 'SMP', 'SMA', 'SMK', 'SLB']) {
      for (const status of ['N', 'S']) {
        const r = await get(`/regional/indonesia/schools?regency_code=3273&grade=${grade}&status=${status}`)
        expect(r.body.paging.total_item, `${grade}/${status}`).toBeGreaterThan(0)
        expect(r.body.data.every((s: any) => s.grade === grade && s.status === status)).toBe(true)
      }
    }
  })

  it('name search is partial, case-insensitive and takes spaces; npsn returns exactly one school', async () => {
    const r = await get('/regional/indonesia/schools?regency_code=3273&name=sd%20negeri%201')
    expect(r.body.data.length).toBeGreaterThan(0)
    expect(r.body.data.every((s: any) => s.name.toLowerCase().includes('sd negeri 1'))).toBe(true)
    const npsn = r.body.data[0].npsn
    const one = await get(`/regional/indonesia/schools?npsn=${npsn}`)
    expect(one.body.data).toHaveLength(1)
    expect(one.body.data[0]).toEqual(r.body.data[0])
    expect(one.body.paging.total_item).toBe(1)
  })

  it('accreditation filter without premium -> 403; schools/search without premium -> 403', async () => {
    const r = await get('/regional/indonesia/schools?regency_code=3273&accreditation=A')
    expect(r.status).toBe(403)
    expect(r.body).toEqual({ is_success: false, message: 'Accreditation filter is for premium members only' })
    const search = await get('/regional/indonesia/schools/search?query=SMA')
    expect(search.status).toBe(403)
  })
})

describe('hospital directory (spec 4.4, 2.6)', () => {
  it('size defaults to 100, is capped at 100, and pages to the last page', async () => {
    const def = await get('/hospitals/indonesia/')
    expect(def.body.paging.size).toBe(100)
    expect(def.body.data).toHaveLength(100)
    const total = def.body.paging.total_item
    expect(total).toBeGreaterThan(2500)
    const capped = await get('/hospitals/indonesia/?size=500')
    expect(capped.body.paging.size).toBe(100)
    expect(capped.body.data).toHaveLength(100)
    const small = await get('/hospitals/indonesia/?size=7&page=2')
    expect(small.body.paging).toEqual({ page: 2, size: 7, total_item: total, total_page: Math.ceil(total / 7) })
    expect(small.body.data[0]).toEqual(def.body.data[7])
    const lastPage = Math.ceil(total / 100)
    const last = await get(`/hospitals/indonesia/?page=${lastPage}`)
    expect(last.body.data).toHaveLength(total - 100 * (lastPage - 1))
  })

  it('records carry every field of 2.6 with the right types', async () => {
    const r = await get('/hospitals/indonesia/?size=100')
    for (const h of r.body.data) {
      expect(h.code).toMatch(/^\d{7}$/)
      expect(['Rumah Sakit Umum', 'Rumah Sakit Khusus', 'Rumah Sakit Jiwa', 'Rumah Sakit Ibu dan Anak']).toContain(h.type)
      expect(['A', 'B', 'C', 'D']).toContain(h.class)
      expect(['BLUD', 'Non BLUD']).toContain(h.blu_status)
      expect(['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri']).toContain(h.ownership)
      expect(h.phone === null || typeof h.phone === 'string').toBe(true)
      expect(h.facilities.land_area).toMatch(/^\d+ m2$/)
      expect(h.facilities.building_area).toMatch(/^(\d+ m2|-)$/)
      expect(Number.isInteger(h.facilities.total_beds)).toBe(true)
      for (const v of Object.values(h.beds)) expect(Number.isInteger(v)).toBe(true)
      expect(h.services.count).toBe(h.services.list.length)
      expect(Number.isInteger(h.staff.total)).toBe(true)
      expect(h.scraped_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/)
      expect(h.province_code).toMatch(/^\d{2}$/)
      expect(h.regency_code.startsWith(h.province_code)).toBe(true)
    }
    const all = r.body.data as any[]
    expect(all.some((h) => h.phone === null)).toBe(true)
    expect(all.some((h) => !Number.isInteger(h.staff.general_practitioner + h.staff.basic_specialist + h.staff.other_specialist))).toBe(true)
  })

  it('filters combine, take values with spaces and slashes, and name search is case-insensitive', async () => {
    const q = '/hospitals/indonesia/?type=Rumah%20Sakit%20Umum&class=C&blu_status=Non%20BLUD&province_code=32'
    const r = await get(q)
    expect(r.body.paging.total_item).toBeGreaterThan(0)
    for (const h of r.body.data) {
      expect([h.type, h.class, h.blu_status, h.province_code]).toEqual(['Rumah Sakit Umum', 'C', 'Non BLUD', '32'])
    }
    const tni = await get('/hospitals/indonesia/?ownership=TNI%2FPolri&regency_code=3273')
    expect(tni.body.data.every((h: any) => h.ownership === 'TNI/Polri' && h.regency_code === '3273')).toBe(true)
    const name = r.body.data[0].name as string
    const byName = await get(`/hospitals/indonesia/?name=${encodeURIComponent(name.toUpperCase())}`)
    expect(byName.body.data.map((h: any) => h.code)).toContain(r.body.data[0].code)
  })

  it('detail by code; unknown code -> 404 with data null', async () => {
    const list = await get('/hospitals/indonesia/?size=1')
    const code = list.body.data[0].code
    const one = await get(`/hospitals/indonesia/${code}`)
    expect(one.status).toBe(200)
    expect(one.body.data).toEqual(list.body.data[0])
    const missing = await get('/hospitals/indonesia/0000000')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ is_success: false, message: 'hospital not found', data: null })
  })

  it('types, classes, ownership and blu-status list the allowed values (not taken for codes)', async () => {
    expect((await get('/hospitals/indonesia/types')).body.data).toEqual({
      types: ['Rumah Sakit Umum', 'Rumah Sakit Khusus', 'Rumah Sakit Jiwa', 'Rumah Sakit Ibu dan Anak'],
      count: 4,
    })
    expect((await get('/hospitals/indonesia/classes')).body.data).toEqual({ classes: ['A', 'B', 'C', 'D'], count: 4 })
    expect((await get('/hospitals/indonesia/ownership')).body.data.ownership).toEqual(['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri'])
    expect((await get('/hospitals/indonesia/blu-status')).body.data.blu_status).toEqual(['BLUD', 'Non BLUD'])
  })
})

describe('admin endpoints', () => {
  it('state counts successful hits per product; a wrong admin token -> 401', async () => {
    const state = await sb.admin('GET', '/_sandbox/state')
    expect(state.balance).toBe(10_000_000)
    expect(state.charged_calls).toBe(0)
    expect(state.hits.hospitals).toBeGreaterThan(5)
    expect(state.hits.schools).toBeGreaterThan(5)
    expect(state.hits.regional).toBeGreaterThan(5)
    expect(state.hits['face-match']).toBe(0)
    const before = state.hits.hospitals
    await get('/hospitals/indonesia/0000000') // 404: not a successful hit
    await get('/hospitals/indonesia/types', 'wrong') // 401
    expect((await sb.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(before)
    await get('/hospitals/indonesia/types')
    expect((await sb.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(before + 1)
    const denied = await fetch(`${sb.url}/_sandbox/state`, { headers: { 'x-sandbox-admin': 'nope' } })
    expect(denied.status).toBe(401)
  })
})

describe('shutdown', () => {
  it('stops cleanly on SIGINT with exit code 0', async () => {
    const other = await startSandboxProcess()
    expect(await other.stop('SIGINT')).toBe(0)
    expect(other.output()).toContain('rekap sandbox stopped')
  })
})
