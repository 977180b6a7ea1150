/**
 * The whole spec in the product, against the real sandbox process: hospital filter values from
 * the service's own lists (a value outside them refused before any request), the services
 * filter applied by rekap, the name filter, the accreditation filter and school search with
 * and without premium (the 403 in plain words), the key header name as a setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, REPO_ROOT, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst, type Harness } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'
import { PlanError } from '../../src-main/core/engine'
import { guessKind } from '../../src-main/core/engine'
import { browseDirectory } from '../../src-main/app/directory-browse'

let tmp: ReturnType<typeof makeTempDir>
let basic: SandboxProcess
let premium: SandboxProcess
let h: Harness
let hp: Harness

const csv = (name: string, lines: string[]): string => {
  const file = join(tmp.dir, name)
  writeFileSync(file, lines.join('\n') + '\n')
  return file
}
const hits = async (s: SandboxProcess): Promise<Record<string, number>> => (await s.admin('GET', '/_sandbox/state')).hits

beforeAll(async () => {
  tmp = makeTempDir()
  basic = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
  premium = await startSandboxProcess({ args: ['--premium', '--hospital-plan', 'premium'] })
  h = engineAgainst(basic, tmp.dir)
  hp = engineAgainst(premium, tmp.dir)
}, 60_000)

afterAll(async () => {
  await h?.close()
  await hp?.close()
  await basic?.stop()
  await premium?.stop()
  tmp?.cleanup()
})

describe('hospital filter values come from the service', () => {
  it('a class outside /classes fails its row before any request, listing the allowed values; "non blud" is sent as the service spells it', async () => {
    const file = csv('rs-filter.csv', ['Kode Provinsi,Kelas,Status BLU', '32,E,', '32,B,non blud'])
    const before = await hits(basic)
    const plan = await h.engine.plan({ file, kind: 'hospital-directory', settings: h.settings() })
    expect(plan.rowsFailingLocally).toBe(1)
    expect(plan.problems[0]).toMatchObject({ row: 2, column: 'Kelas', code: 'invalid-filter' })
    expect(plan.problems[0].message).toMatch(/rs-filter\.csv.*row 2.*"Kelas".*"E" is not a hospital class the service knows; allowed: A, B, C, D/)
    // the four list endpoints and one first-page probe for the good row; nothing for the bad one
    expect((await hits(basic)).hospitals - before.hospitals).toBe(5)
    const rows = h.engine.rows(plan.jobId, 0, 10).rows
    expect(rows[1].input).toMatchObject({ 'Status BLU': 'non blud' })
    const job = h.store.rows.get(plan.jobId, 2)!
    expect((job.payload as { filters: Record<string, string> }).filters).toMatchObject({ class: 'B', blu_status: 'Non BLUD' })

    // the lists are cached: a second plan asks nothing for them
    const mid = await hits(basic)
    await h.engine.plan({ file: csv('rs-filter2.csv', ['Kelas', 'Z']), kind: 'hospital-directory', settings: h.settings() })
    expect((await hits(basic)).hospitals).toBe(mid.hospitals)
  })

  it('the Directory screen\'s query is refused the same way', async () => {
    const err = await h.engine.planDirectory({ query: { product: 'hospitals', provinceCodes: ['32'], ownership: 'Yayasan' }, settings: h.settings() }).catch((e) => e)
    expect(err).toBeInstanceOf(PlanError)
    expect(err.message).toMatch(/"Yayasan" is not a hospital ownership the service knows; allowed: Pemkab, Pemkot, Pemprov, Swasta, TNI\/Polri/)
  })

  it('no hit left and no list fetched yet: the screen offers the lists it knows, and a query is refused by the quota, not as a value the service does not know', async () => {
    // a data file that never fetched the lists; the month's quota already spent
    const fresh = engineAgainst(basic, tmp.dir)
    try {
      const settings = fresh.settings({ monthlyQuota: { 'face-match': null, hospitals: 0, schools: null, regional: null } })
      const before = await hits(basic)
      const shown = await fresh.engine.valueLists(settings)
      expect(shown.class).toEqual(['A', 'B', 'C', 'D'])
      expect(shown.ownership).toEqual([])
      const err = await fresh.engine.planDirectory({ query: { product: 'hospitals', provinceCodes: ['32'], ownership: 'Swasta' }, settings }).catch((e) => e)
      expect(err).toBeInstanceOf(Error)
      expect(err.message).not.toMatch(/not a hospital ownership the service knows/)
      expect(err.message).toMatch(/hits? a month|quota/i)
      expect((await hits(basic)).hospitals).toBe(before.hospitals)
    } finally {
      await fresh.close()
    }
  })
})

describe('name and services filters', () => {
  it('services are filtered by rekap (the service has none); the browse uses the same rule', async () => {
    const file = csv('rs-services.csv', ['Kode Provinsi', '51'])
    const all = await h.engine.plan({ file, kind: 'hospital-directory', settings: h.settings() })
    await h.engine.start(all.jobId)
    await h.engine.settled(all.jobId)
    const total = h.store.rows.page(all.jobId, { offset: 0, limit: 1 })[0]
    const icu = await h.engine.plan({ file, kind: 'hospital-directory', settings: h.settings(), directory: { services: 'icu' } })
    expect(icu.cacheHits).toBe(1) // same server query: from the cache
    await h.engine.start(icu.jobId)
    await h.engine.settled(icu.jobId)
    const kept = h.store.db.prepare("SELECT record_key FROM job_records WHERE job_id = ? AND product = 'hospitals'").all(icu.jobId) as Array<{ record_key: string }>
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan((total.result?.recordCount ?? 0) + 1)
    for (const { record_key } of kept) {
      const rec = h.store.cache.getHospital(record_key, 'sandbox-process', 0)!
      expect(rec.services.list.some((s) => s.toLowerCase().includes('icu'))).toBe(true)
    }
    const page = browseDirectory(h.store, { product: 'hospitals', provinceCodes: ['51'], services: 'icu' }, 'sandbox-process', 0, 500)
    expect(page.total).toBe(kept.length)
  })

  it('rekap run --name sends the name filter', async () => {
    const db = join(tmp.dir, 'cli.db')
    const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['bin/rekap.mjs', 'run', csv('rs-name.csv', ['Kode Provinsi', '31']), '--kind', 'hospital-directory', '--name', 'rsud', '--base-url', basic.url, '--key', basic.key, '--db', db, '--json'], {
        cwd: REPO_ROOT,
        env: { ...process.env, REKAP_API_KEY: '' },
      })
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
      child.once('exit', (code) => resolve({ code, out }))
    })
    expect(r.code, r.out).toBe(0)
    const jobId = JSON.parse(r.out.trim().split('\n').at(-1)!).jobId
    const { openStore } = await import('../../src-main/core/store')
    const store = openStore(db)
    try {
      const names = (store.db.prepare("SELECT c.name FROM job_records j JOIN hospitals_cache c ON c.code = j.record_key WHERE j.job_id = ?").all(jobId) as Array<{ name: string }>).map((x) => x.name)
      expect(names.length).toBeGreaterThan(0)
      expect(names.every((n) => /rsud/i.test(n))).toBe(true)
    } finally {
      store.close()
    }
  })
})

describe('premium features', () => {
  it('school search: records with premium; without premium the 403 in plain words, nothing charged', async () => {
    const ok = await hp.engine.schoolSearch(hp.settings(), 'SMA')
    expect(ok.premiumRequired).toBeNull()
    expect(ok.rows.length).toBeGreaterThan(0)
    expect(ok.rows[0]).toHaveProperty('npsn')
    const no = await h.engine.schoolSearch(h.settings(), 'SMA')
    expect(no.rows).toEqual([])
    expect(no.premiumRequired).toMatch(/School search is only for premium accounts.*403.*Nothing was charged/)
  })

  it('rekap directory search: records as JSON with premium; exit 3 and the plain-words 403 without', async () => {
    const cli = (sb: SandboxProcess) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['bin/rekap.mjs', 'directory', 'search', 'SMA', '--base-url', sb.url, '--key', sb.key, '--db', join(tmp.dir, 'search.db'), '--json'], {
          cwd: REPO_ROOT,
          env: { ...process.env, REKAP_API_KEY: '' },
        })
        let out = ''
        let err = ''
        child.stdout.setEncoding('utf8').on('data', (x: string) => (out += x))
        child.stderr.setEncoding('utf8').on('data', (x: string) => (err += x))
        child.once('exit', (code) => resolve({ code, out, err }))
      })
    const ok = await cli(premium)
    expect(ok.code, ok.err).toBe(0)
    expect(JSON.parse(ok.out).rows.length).toBeGreaterThan(0)
    const no = await cli(basic)
    expect(no.code).toBe(3)
    expect(JSON.parse(no.out).premiumRequired).toMatch(/School search is only for premium accounts/)
  })

  it('the Directory screen\'s school sync takes the accreditation filter (premium) and the browse narrows by it', async () => {
    const plan = await hp.engine.planDirectory({ query: { product: 'schools', regencyCodes: ['3171'], accreditation: 'a' }, settings: hp.settings() })
    await hp.engine.start(plan.jobId)
    expect((await hp.engine.settled(plan.jobId)).counts.done).toBe(1)
    const page = browseDirectory(hp.store, { product: 'schools', regencyCodes: ['3171'], accreditation: 'A' }, 'sandbox-process', 0, 500)
    expect(page.total).toBeGreaterThan(0)
    expect(page.rows.every((r) => r.accreditation === 'A')).toBe(true)
  })

  it('accreditation filter: rows fail with the plain-words reason without premium, and bring records with it', async () => {
    const file = csv('akreditasi.csv', ['Kode Kabupaten,Akreditasi', '3171,A'])
    const plan = await h.engine.plan({ file, kind: 'school-directory', settings: h.settings() })
    await h.engine.start(plan.jobId)
    const end = await h.engine.settled(plan.jobId)
    expect(end.counts.failed).toBe(1)
    expect(h.engine.rows(plan.jobId, 0, 1).rows[0].error).toMatch(/accreditation filter is only for premium accounts.*without the accreditation filter/)

    const good = await hp.engine.plan({ file, kind: 'school-directory', settings: hp.settings() })
    await hp.engine.start(good.jobId)
    expect((await hp.engine.settled(good.jobId)).counts.done).toBe(1)
  })
})

describe('the key header name is a setting', () => {
  it('a header the service does not read gets 401: the job blocks auth-failed; the default works', async () => {
    const file = csv('npsn-auth.csv', ['NPSN', '20100001'])
    const bad = await h.engine.plan({ file, kind: 'school-lookup', settings: h.settings({ authHeader: 'x-api-key' }) })
    await h.engine.start(bad.jobId)
    expect((await h.engine.settled(bad.jobId)).blockedReason).toBe('auth-failed')
    const good = await h.engine.plan({ file, kind: 'school-lookup', settings: h.settings() })
    await h.engine.start(good.jobId)
    expect((await h.engine.settled(good.jobId)).state).toBe('done')
  })
})

describe('the regions kind is guessed from its columns', () => {
  it('province codes with names are a regions job; codes alone or with hospital filters are a hospital query', () => {
    expect(guessKind(['Kode Provinsi', 'Nama Provinsi'])).toBe('regions')
    expect(guessKind(['province_code', 'province_name'])).toBe('regions')
    expect(guessKind(['Kode Provinsi'])).toBe('hospital-directory')
    expect(guessKind(['Kode Provinsi', 'Nama Provinsi', 'Kelas'])).toBe('hospital-directory')
  })
})
