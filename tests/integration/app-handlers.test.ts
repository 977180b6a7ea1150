/**
 * The command handlers the desktop window and browser mode share, called through the one
 * dispatcher against the real store (a SQLite file), the real engine and the real embedded
 * sandbox. Only the OS keychain is a stand-in (an AES cipher with a per-test key): Electron's
 * safeStorage does not exist outside Electron.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName, CommandOutput, ProgressView } from '../../src-main/contract/ipc'
import { AppError } from '../../src-main/app/app-error'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch } from '../../src-main/app/dispatch'
import type { AppEvent } from '../../src-main/app/event-hub'
import { safeStorageKeyVault, type SafeStorageLike } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index'
import { makeTempDir, SHARED_DIR } from '../helpers/temp-dir'
import { json, startScriptedServer } from '../helpers/scripted-server'

/** A real cipher standing in for the OS keychain behind Electron's safeStorage. */
function keychainStandIn(): SafeStorageLike {
  const key = randomBytes(32)
  return {
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()])
      return Buffer.concat([iv, c.getAuthTag(), body])
    },
    decryptString(cipher) {
      const d = createDecipheriv('aes-256-gcm', key, cipher.subarray(0, 12))
      d.setAuthTag(cipher.subarray(12, 28))
      return Buffer.concat([d.update(cipher.subarray(28)), d.final()]).toString('utf8')
    },
  }
}

const FACES = join(SHARED_DIR, 'fixtures/faces')
let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp
const events: AppEvent[] = []

function call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

function open(): OpenApp {
  const safe = keychainStandIn()
  return openApp({
    mode: 'electron',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: (store) => safeStorageKeyVault(store.settings, safe, {}),
    platformLanguage: 'id-ID',
    progressIntervalMs: 100,
    // the desktop's native dialog, answered yes by the user (the page cannot answer it: electron-main.test.ts)
    confirmWidening: async () => true,
  })
}

beforeAll(() => {
  tmp = makeTempDir('rekap-app-')
  app = open()
  app.ctx.events.subscribe((e) => events.push(e))
})

afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

describe('dispatch: the one door', () => {
  it('refuses unknown commands and malformed payloads before any handler runs, naming the field', async () => {
    expect((await rejection(call('jobs.nuke' as CommandName, {}))).code).toBe('unknown-command')

    const badId = await rejection(call('jobs.start', { jobId: '../../etc/passwd' }))
    expect(badId).toMatchObject({ code: 'invalid-input', field: 'jobId' })
    expect(badId.message).toMatch(/^jobs\.start: jobId: not a job id/)

    const tooMany = await rejection(call('jobs.rows', { jobId: 'abc123', offset: 0, limit: 100_000 }))
    expect(tooMany).toMatchObject({ code: 'invalid-input', field: 'limit' })

    const extra = await rejection(call('settings.save', { concurrency: 2, nodeIntegration: true }))
    expect(extra.code).toBe('invalid-input')
    expect(extra.message).toMatch(/nodeIntegration/)

    const wrongType = await rejection(call('settings.save', { concurrency: 'lots' }))
    expect(wrongType).toMatchObject({ code: 'invalid-input', field: 'concurrency' })
    // the handler never ran: nothing was saved by the rejected payloads
    expect((await call('settings.get', {})).concurrency).toBe(4)

    expect((await rejection(call('files.inspect', { path: 5 }))).field).toBe('path')
    expect((await rejection(call('jobs.get', { jobId: 'nosuchjob' }))).code).toBe('not-found')
    expect((await rejection(call('files.inspect', { path: join(tmp.dir, 'missing.xlsx') }))).code).toBe('not-found')
  })
})

describe('settings and the API key', () => {
  it('defaults to the embedded SANDBOX, saves a patch, refuses values that make no sense', async () => {
    const first = await call('settings.get', {})
    expect(first).toMatchObject({ baseUrl: '', sandbox: true, hasKey: false, keyHint: null, keySource: 'none', language: null })
    expect(first.rps.hospitals).toBe(20)
    expect((await call('app.info', {})).sandbox).toBe(true)

    const saved = await call('settings.save', { hospitalPlan: 'premium', concurrency: 6, language: 'en', reviewBand: [0.45, 0.55] })
    expect(saved).toMatchObject({ hospitalPlan: 'premium', concurrency: 6, language: 'en', reviewBand: [0.45, 0.55] })
    expect(saved.rps.hospitals).toBe(100) // follows the plan
    expect(await call('settings.get', {})).toEqual(saved) // persisted in the store

    expect(await rejection(call('settings.save', { baseUrl: 'ftp://files.example' }))).toMatchObject({ field: 'baseUrl' })
    expect(await rejection(call('settings.save', { reviewBand: [0.7, 0.3] }))).toMatchObject({ field: 'reviewBand' })
    expect(await rejection(call('settings.save', { dataDir: 'relative/folder' }))).toMatchObject({ field: 'dataDir' })
    await call('settings.save', { hospitalPlan: 'standard', concurrency: 4 })
  })

  it('plans of every product, hits already used, reuse window and key header are settings; a new job runs with them', async () => {
    const saved = await call('settings.save', { schoolPlan: 'pro', hospitalPlan: 'free', hitsUsed: { schools: 49_990 }, reuseDays: 7, authHeader: 'X-Api-Service-Id' })
    expect(saved).toMatchObject({ schoolPlan: 'pro', regionalPlan: 'starter', hospitalPlan: 'free', reuseDays: 7, authHeader: 'x-api-service-id' })
    expect(saved.usage.find((u) => u.product === 'schools')).toEqual({ product: 'schools', quota: 50_000, used: 49_990, left: 10 })
    expect(saved.usage.find((u) => u.product === 'hospitals')).toMatchObject({ quota: 1_000 })
    // the statement is applied once: saving again without it keeps the count
    expect((await call('settings.save', { concurrency: 4 })).usage.find((u) => u.product === 'schools')!.used).toBe(49_990)
    expect(await rejection(call('settings.save', { authHeader: 'x api key' }))).toMatchObject({ field: 'authHeader' })
    await call('settings.save', { schoolPlan: 'starter', hospitalPlan: 'standard', hitsUsed: { schools: 0 }, reuseDays: 30 })
  })

  it('keeps the key encrypted in the store and only ever shows its last 4 characters', async () => {
    const key = 'live-KEY-7f3a9c2b1e0d-wxyz'
    const view = await call('settings.setKey', { key })
    expect(view).toMatchObject({ hasKey: true, keyHint: '…wxyz', keySource: 'safeStorage' })
    for (const name of ['settings.get', 'settings.save', 'app.info'] as const) {
      expect(JSON.stringify(await call(name, {}))).not.toContain(key)
    }
    app.ctx.store.db.pragma('wal_checkpoint(TRUNCATE)')
    const fileBytes = readFileSync(app.ctx.paths.dbFile)
    expect(fileBytes.includes(Buffer.from(key))).toBe(false)
    expect(fileBytes.includes(Buffer.from('7f3a9c2b1e0d'))).toBe(false)

    expect(await call('settings.clearKey', {})).toMatchObject({ hasKey: false, keyHint: null, keySource: 'none' })
  })

  describe('test connection', () => {
    let service: RunningSandbox
    beforeAll(async () => {
      service = await startSandbox({ port: 0, keys: ['right-key-0001-abcd'] })
    })
    afterAll(async () => {
      await call('settings.save', { baseUrl: '' })
      await call('settings.clearKey', {})
      await service?.close()
    })

    it('says so plainly when the service refuses the key, without echoing it, and succeeds with the right one', async () => {
      expect(await call('settings.testConnection', {})).toMatchObject({ ok: true }) // the embedded sandbox
      // a new address is confirmed (the key will be sent there: tests/security/service-host.test.ts)
      await call('settings.save', { baseUrl: service.url + '/', confirmHost: true })
      expect((await call('settings.get', {})).baseUrl).toBe(service.url) // trailing slash dropped
      // no key yet: the service is reached without one and says it wants one
      expect(await call('settings.testConnection', {})).toMatchObject({ ok: false, result: 'reachable-no-key', keySent: false })

      await call('settings.setKey', { key: 'wrong-key-9999-zzzz' })
      const refused = await call('settings.testConnection', {})
      expect(refused).toMatchObject({ ok: false, result: 'auth', keySent: true })
      expect(JSON.stringify(refused)).not.toContain('wrong-key-9999-zzzz')

      await call('settings.setKey', { key: 'right-key-0001-abcd' })
      const ok = await call('settings.testConnection', {})
      expect(ok.ok).toBe(true)
      expect(ok.latencyMs).toBeGreaterThanOrEqual(0)
      expect((await call('app.info', {})).sandbox).toBe(false)
    })

    // issue 23 item 7: the saved address was tested, not the typed one; an exhausted quota read as "429 right now"
    it('tests the address as typed: the key only to the host it is confirmed for, never to another', async () => {
      const other = await startScriptedServer()
      try {
        other.answerAlways(json(401, { is_success: false, message: 'Unauthorized', data: null }))
        // saved: the confirmed service with its key; typed: another address, not saved
        const typed = await call('settings.testConnection', { baseUrl: other.baseUrl })
        expect(other.requests).toHaveLength(1) // the typed address was the one tested
        expect(JSON.stringify(other.requests[0].headers)).not.toContain('right-key-0001-abcd')
        expect(typed).toMatchObject({ ok: false, result: 'reachable-key-withheld', keySent: false, where: other.baseUrl })
        // '' typed = the embedded sandbox, whatever is saved
        expect(await call('settings.testConnection', { baseUrl: '' })).toMatchObject({ ok: true, result: 'connected', where: null })
        expect(await call('settings.testConnection', { baseUrl: 'http://rekap-service.example' })).toMatchObject({ ok: false, result: 'bad-address' })
        // the confirmed host, typed: tested with the key
        expect(await call('settings.testConnection', { baseUrl: service.url })).toMatchObject({ ok: true, result: 'connected', keySent: true })
      } finally {
        await other.close()
      }
    })

    it('an exhausted monthly quota is said as such, not as a passing 429', async () => {
      const spent = await startSandbox({ port: 0, keys: ['right-key-0001-abcd'], monthlyQuota: 1 })
      try {
        await call('settings.save', { baseUrl: spent.url, confirmHost: true })
        const first = await fetch(`${spent.url}/hospitals/indonesia?page=1&size=1`, { headers: { 'x-api-service-id': 'right-key-0001-abcd' } })
        expect(first.status).toBe(200)
        const r = await call('settings.testConnection', {})
        expect(r).toMatchObject({ ok: false, result: 'quota-exhausted', keySent: true })
      } finally {
        await call('settings.save', { baseUrl: service.url, confirmHost: true })
        await spent.close()
      }
    })
  })
})

describe('jobs and the directory against the embedded sandbox', () => {
  let hospitalCodes: string[] = []

  it('lists regions offline, syncs a province of hospitals into the cache, browses and exports it', async () => {
    const provinces = await call('directory.regions', { level: 'province' })
    expect(provinces).toHaveLength(38)
    const jakarta = await call('directory.regions', { level: 'regency', parentCode: '31' })
    expect(jakarta.length).toBeGreaterThanOrEqual(5)
    expect(jakarta.every((r) => r.parentCode === '31' && /^31\d\d$/.test(r.code))).toBe(true)

    const started = await call('directory.sync', { product: 'hospitals', provinceCodes: ['31'] })
    expect(started.kind).toBe('hospital-directory')
    const end = await app.ctx.engine.settled(started.jobId)
    expect(end.state).toBe('done')

    const page = await call('directory.browse', { query: { product: 'hospitals', provinceCodes: ['31'] }, offset: 0, limit: 20 })
    expect(page.total).toBeGreaterThan(0)
    expect(page.rows.length).toBe(Math.min(20, page.total))
    expect(page.rows.every((r) => r.province_code === '31')).toBe(true)
    hospitalCodes = page.rows.slice(0, 3).map((r) => String(r.code))
    const byName = await call('directory.browse', {
      query: { product: 'hospitals', provinceCodes: ['31'], name: String(page.rows[0].name).slice(0, 6) },
      offset: 0,
      limit: 5,
    })
    expect(byName.total).toBeGreaterThan(0)
    expect(byName.total).toBeLessThanOrEqual(page.total)

    const exported = await call('directory.export', { query: { product: 'hospitals', provinceCodes: ['31'] }, lang: 'en' })
    expect(exported.downloadUrl).toBeNull() // desktop: the path is shown instead
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(exported.path)
    expect(wb.worksheets.length).toBeGreaterThan(1)
    expect(events.some((e) => e.name === 'job.state' && e.payload.jobId === started.jobId && e.payload.state === 'done')).toBe(true)
  })

  it('plans, runs and exports a hospital lookup job, telling the renderer along the way', async () => {
    expect(hospitalCodes.length).toBe(3)
    const file = join(tmp.dir, 'codes.csv')
    writeFileSync(file, ['Kode RS', ...hospitalCodes, '9999999'].join('\n'))

    const preview = await call('files.inspect', { path: file })
    expect(preview).toMatchObject({ suggestedKind: 'hospital-lookup', mapping: { code: 'Kode RS' }, missing: [] })

    const plan = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: preview.mapping })
    expect(plan).toMatchObject({ rowsTotal: 4, sandbox: true, estimatedCostRp: 0 })
    expect(events.some((e) => e.name === 'jobs.changed' && e.payload.reason.includes(plan.jobId))).toBe(true)
    expect((await call('jobs.list', {})).find((j) => j.id === plan.jobId)).toMatchObject({ state: 'ready', sandbox: true })

    const first: ProgressView = await call('jobs.start', { jobId: plan.jobId })
    expect(first.jobId).toBe(plan.jobId)
    const end = await app.ctx.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    const counts = (await call('jobs.get', { jobId: plan.jobId })).counts
    expect(counts).toMatchObject({ total: 4, pending: 0, inFlight: 0 })
    expect(counts.outcomes).toMatchObject({ found: 3, 'not-found': 1 })

    const progress = events.filter((e) => e.name === 'job.progress' && e.payload.jobId === plan.jobId)
    expect(progress.length).toBeGreaterThan(0)
    const rows = await call('jobs.rows', { jobId: plan.jobId, offset: 0, limit: 10, filter: { verdict: 'not-found' } })
    expect(rows.total).toBe(1)
    expect(rows.rows[0].input).toMatchObject({ 'Kode RS': '9999999' })

    const exported = await call('jobs.export', { jobId: plan.jobId, lang: 'id', format: 'xlsx' })
    expect(exported.fileName).toBe(`rekap-hospital-lookup-${plan.jobId}-id.xlsx`)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(exported.path)
    const cells = wb.worksheets.flatMap((ws) => ws.getSheetValues().flat().map(String))
    for (const code of hospitalCodes) expect(cells.some((c) => c.includes(code))).toBe(true)

    const csv = await call('jobs.export', { jobId: plan.jobId, lang: 'en', format: 'csv' })
    expect(readFileSync(csv.path, 'utf8')).toContain(hospitalCodes[0])
  })

  it('a job blocked at the quota resumes on the bigger plan chosen in Settings', async () => {
    const file = join(tmp.dir, 'codes-quota.csv')
    writeFileSync(file, ['Kode RS', ...hospitalCodes].join('\n'))
    // cache off: these codes were fetched by the test above
    await call('settings.save', { hospitalPlan: 'free', hitsUsed: { hospitals: 999 }, cacheFreshnessHours: 0 })
    const plan = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: {} })
    expect(plan.warnings.map((w) => w.code)).toEqual(['quota-shortfall'])
    await call('jobs.start', { jobId: plan.jobId })
    const blocked = await app.ctx.engine.settled(plan.jobId)
    expect(blocked).toMatchObject({ state: 'blocked', blockedReason: 'quota-exhausted' })
    expect(blocked.stateDetail).toMatch(/--hospital-plan standard/)
    // rekap's own reason, in the app's language: Indonesian unless English is chosen
    await call('settings.save', { language: 'id' })
    expect((await call('jobs.get', { jobId: plan.jobId })).stateDetail).toMatch(/^Paket free rumah sakit memberi 1\.000 hit sebulan .*--hospital-plan standard/)
    await call('settings.save', { language: 'en' })
    expect((await call('jobs.get', { jobId: plan.jobId })).stateDetail).toMatch(/^The free hospitals plan allows 1,000 hits a month/)
    await call('settings.save', { hospitalPlan: 'premium' })
    await call('jobs.resume', { jobId: plan.jobId })
    const end = await app.ctx.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    expect(app.ctx.store.jobs.get(plan.jobId)!.settings).toMatchObject({ hospitalPlan: 'premium', monthlyQuota: { hospitals: null } })
    await call('settings.save', { hospitalPlan: 'standard', hitsUsed: { hospitals: 0 }, cacheFreshnessHours: 168 })
  })

  it('shows both photos of a face row as small JPEGs (no paid call needed)', async () => {
    const file = join(tmp.dir, 'kyc.csv')
    // photos beside the workbook: paths outside its folder are refused unless allowed (issue 14)
    for (const n of ['obama_1.jpg', 'obama_2.jpg']) copyFileSync(join(FACES, n), join(tmp.dir, n))
    writeFileSync(file, ['NIK,Nama,Foto KTP,Foto Selfie', '3273010101010001,Obama,obama_1.jpg,obama_2.jpg'].join('\n'))
    const plan = await call('jobs.plan', { path: file, kind: 'face-match', mapping: {} })
    expect(plan).toMatchObject({ rowsTotal: 1, estimatedCostRp: 400 })
    for (const which of ['image1', 'image2'] as const) {
      const photo = await call('jobs.photo', { jobId: plan.jobId, rowNo: 1, which })
      expect(photo.problem).toBeNull()
      const jpeg = Buffer.from(photo.dataUrl!.replace(/^data:image\/jpeg;base64,/, ''), 'base64')
      const meta = await sharp(jpeg).metadata()
      expect(meta.format).toBe('jpeg')
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(360)
    }
    expect((await rejection(call('jobs.photo', { jobId: plan.jobId, rowNo: 99, which: 'image1' }))).code).toBe('not-found')
    await call('jobs.cancel', { jobId: plan.jobId })
  })

  it('reviews a doubtful pair: signed with the reviewer name from the settings, photos large, n of m', async () => {
    const file = join(tmp.dir, 'kyc-review.csv')
    for (const n of ['obama_1.jpg', 'obama_2.jpg']) copyFileSync(join(FACES, n), join(tmp.dir, n))
    writeFileSync(file, ['NIK,Nama,Foto KTP,Foto Selfie', '3273010101010009,Budi,obama_1.jpg,obama_2.jpg'].join('\n'))
    await call('settings.save', { reviewBand: [0, 1] }) // every score needs a person
    const plan = await call('jobs.plan', { path: file, kind: 'face-match', mapping: {} })
    await call('jobs.start', { jobId: plan.jobId })
    expect((await app.ctx.engine.settled(plan.jobId)).state).toBe('done')

    let q = await call('review.queue', { jobId: plan.jobId })
    expect(q).toMatchObject({ reviewed: 0, total: 1, reviewerName: null })
    expect(q.items[0]).toMatchObject({ rowNo: 1, verdict: 'review', open: true })
    const nameless = await rejection(call('review.decide', { jobId: plan.jobId, rowNo: 1, decision: 'approve' }))
    expect(nameless).toMatchObject({ code: 'invalid-input', field: 'reviewerName' })
    expect(nameless.message).toMatch(/Settings/)

    expect((await call('settings.save', { reviewerName: '  Ani   Wijaya ' })).reviewerName).toBe('Ani Wijaya')
    expect((await rejection(call('settings.save', { timeZone: 'Mars/Olympus' }))).field).toBe('timeZone')
    q = await call('review.decide', { jobId: plan.jobId, rowNo: 1, decision: 'approve', note: 'same person' })
    expect(q).toMatchObject({ reviewed: 1, total: 1, reviewerName: 'Ani Wijaya' })
    const pair = await call('review.pair', { jobId: plan.jobId, rowNo: 1 })
    expect(pair).toMatchObject({ nik: '3273010101010009', name: 'Budi', verdict: 'review' })
    expect(pair.entries.map((e) => [e.decision, e.reviewer, e.note, e.serviceVerdict])).toEqual([['approve', 'Ani Wijaya', 'same person', 'review']])
    // issue 23 item 6: the job's table shows the decision that stands (the report's Keputusan Akhir)
    expect((await call('jobs.rows', { jobId: plan.jobId, offset: 0, limit: 5 })).rows[0].review).toEqual({ decision: 'approve', reviewer: 'Ani Wijaya' })

    const large = await call('jobs.photo', { jobId: plan.jobId, rowNo: 1, which: 'image1', size: 'large' })
    const meta = await sharp(Buffer.from(large.dataUrl!.replace(/^data:image\/jpeg;base64,/, ''), 'base64')).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(1137) // the photo's own size: large previews are not shrunk to 360
    await call('settings.save', { reviewBand: null })
  })

  it('rehearses a top-up on the embedded sandbox', async () => {
    const before = (await app.ctx.sandbox.get()).state().balance
    expect(await call('sandbox.topup', { points: 50_000 })).toEqual({ balance: before + 50_000 })
  })

  it('lists a job left running by a dead process as interrupted at the next launch, changing nothing, and resumes it', async () => {
    const file = join(tmp.dir, 'codes-2.csv')
    writeFileSync(file, ['Kode RS', ...hospitalCodes].join('\n'))
    const plan = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: {} })
    // what a killed process leaves behind: the job still says running
    app.ctx.store.jobs.transition(plan.jobId, 'running', Date.now())
    await app.close()

    app = open()
    expect(app.interrupted).toContain(plan.jobId)
    const summary = (await call('jobs.list', {})).find((j) => j.id === plan.jobId)
    expect(summary).toMatchObject({ state: 'interrupted', interrupted: true })
    expect(summary!.actions).toContain('resume')
    expect(app.ctx.store.jobs.get(plan.jobId)!.state).toBe('running')
    await call('jobs.resume', { jobId: plan.jobId })
    expect((await app.ctx.engine.settled(plan.jobId)).state).toBe('done')
    expect(existsSync(app.ctx.paths.dbFile)).toBe(true)
  })
})
