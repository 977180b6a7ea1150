/**
 * Issue 26, the app side: presets, notifications, compare from History, the space rekap uses and
 * pruning, through the one dispatcher against the real store, the real engine and the real embedded
 * sandbox, and the real `rekap` command on the same data file (a preset saved in one shows in the
 * other). The keychain is not needed: the embedded sandbox takes no key.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName, CommandOutput, JobNoticeView } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch } from '../../src-main/app/dispatch'
import { AppError } from '../../src-main/app/app-error'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { Ajv } from 'ajv'
import { makeTempDir, REPO_ROOT, SHARED_DIR } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

const FACES = join(SHARED_DIR, 'fixtures/faces')
let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp
const notices: JobNoticeView[] = []

function call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

/** Waits for a notice of this job (the engine's state change arrives on its own time). */
async function noticeFor(jobId: string, timeoutMs = 30_000): Promise<JobNoticeView> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const n = notices.find((x) => x.jobId === jobId)
    if (n) return n
    if (Date.now() > end) throw new Error(`no notice for job ${jobId}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** hospital codes the embedded sandbox knows (synced from it first, as the app-handlers test does) */
let HOSPITALS: string[] = []

async function runLookup(name: string, codes: string[]): Promise<string> {
  const file = join(tmp.dir, name)
  writeFileSync(file, ['Kode RS', ...codes].join('\n'))
  const plan = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: { code: 'Kode RS' } })
  await call('jobs.start', { jobId: plan.jobId })
  expect((await app.ctx.engine.settled(plan.jobId)).state).toBe('done')
  const failed = await call('jobs.rows', { jobId: plan.jobId, offset: 0, limit: 10, filter: { states: ['failed'] } })
  expect(failed.rows.map((r) => r.error)).toEqual([])
  return plan.jobId
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-unattended-app-')
  app = openApp({
    mode: 'browser',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: () => envKeyVault({}),
    platformLanguage: 'id-ID',
    progressIntervalMs: 100,
    heavyWorkThreads: false,
  })
  app.ctx.events.subscribe((e) => {
    if (e.name === 'job.notice') notices.push(e.payload)
  })
  const sync = await call('directory.sync', { product: 'hospitals', provinceCodes: ['51'] })
  expect((await app.ctx.engine.settled(sync.jobId)).state).toBe('done')
  const page = await call('directory.browse', { query: { product: 'hospitals', provinceCodes: ['51'] }, offset: 0, limit: 5 })
  HOSPITALS = page.rows.map((r) => String(r.code))
}, 120_000)

afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

describe('presets: one store for the app and `rekap preset`', () => {
  it('a preset saved in the CLI is listed in the app, one saved in the app is shown by the CLI, never with a key', async () => {
    const db = app.ctx.paths.dbFile
    const cli = await rekap(['preset', 'save', 'harian', '--kind', 'face-match', '--sheet', 'Nasabah', '--map', 'image2=Foto Kedua', '--budget', '5000', '--db', db])
    expect(cli.code, cli.out + cli.err).toBe(0)
    const listed = await call('presets.list', {})
    expect(listed.find((p) => p.name === 'harian')).toMatchObject({ kind: 'face-match', sheet: 'Nasabah', mapping: { image2: 'Foto Kedua' }, budgetRp: 5000 })

    const saved = await call('presets.save', { name: 'kyc-bank', kind: 'face-match', sheet: 'Data', mapping: { image1: 'Foto KTP', image2: 'Foto Kedua' }, budgetRp: 8000 })
    expect(saved.map((p) => p.name)).toEqual(['harian', 'kyc-bank'])
    const shown = await rekap(['preset', 'show', 'kyc-bank', '--json', '--db', db])
    expect(shown.code, shown.err).toBe(0)
    expect(JSON.parse(shown.out)).toEqual({ kind: 'face-match', sheet: 'Data', map: ['image1=Foto KTP', 'image2=Foto Kedua'], budget: 8000 })
    expect(shown.out).not.toMatch(/key|apiKey/i)

    // a name the CLI would refuse is refused here too, before anything is saved
    await expect(call('presets.save', { name: '../x', kind: 'face-match', mapping: {} })).rejects.toBeInstanceOf(AppError)
    // a key has no place in the command: the strict schema refuses it
    await expect(call('presets.save', { name: 'k', kind: 'face-match', mapping: {}, apiKey: 'secret-key-123' })).rejects.toMatchObject({ code: 'invalid-input' })

    await call('presets.delete', { name: 'harian' })
    const after = await rekap(['preset', 'list', '--json', '--db', db])
    expect(JSON.parse(after.out).map((p: { name: string }) => p.name)).toEqual(['kyc-bank'])
  })
})

describe('a preset in the app gives the job settings `rekap run --preset` gives', () => {
  it('plans, review band, rate, concurrency, reuse and budget of one preset: equal stored settings from the CLI and the app', async () => {
    const db = app.ctx.paths.dbFile
    const saved = await rekap([
      'preset', 'save', 'rs-bulanan', '--kind', 'hospital-lookup', '--map', 'code=Kode RS', '--budget', '7000',
      '--hospital-plan', 'premium', '--school-plan', 'pro', '--review-band', '0.6,0.8', '--reuse-days', '7',
      '--concurrency', '2', '--rps', '3', '--tz', 'Asia/Jayapura', '--db', db,
    ])
    expect(saved.code, saved.out + saved.err).toBe(0)
    const file = join(tmp.dir, 'bulanan.csv')
    writeFileSync(file, ['Kode RS', ...HOSPITALS.slice(0, 2)].join('\n'))
    const cli = await rekap(['run', file, '--preset', 'rs-bulanan', '--dry-run', '--json', '--db', db])
    expect(cli.code, cli.out + cli.err).toBe(0)
    const cliJob = app.ctx.store.jobs.get(JSON.parse(cli.out.trim().split('\n').pop()!).jobId)!
    const plan = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: { code: 'Kode RS' }, preset: 'rs-bulanan' })
    const appJob = app.ctx.store.jobs.get(plan.jobId)!
    // where requests go is the process's own (the CLI names the sandbox '', the app its loopback address)
    const { baseUrl: _a, ...fromCli } = cliJob.settings
    const { baseUrl: _b, ...fromApp } = appJob.settings
    expect(fromApp).toEqual(fromCli)
    expect(fromApp).toMatchObject({ hospitalPlan: 'premium', schoolPlan: 'pro', reviewBand: [0.6, 0.8], reuseDays: 7, concurrency: 2, budgetRp: 7000 })
    expect(fromApp.rps.hospitals).toBe(3)
    // a budget typed on the New Job screen wins over the preset's, as a typed flag does
    const typed = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: { code: 'Kode RS' }, preset: 'rs-bulanan', budgetRp: 900 })
    expect(app.ctx.store.jobs.get(typed.jobId)!.settings).toMatchObject({ budgetRp: 900, hospitalPlan: 'premium' })
    await expect(call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: {}, preset: 'tidak-ada' })).rejects.toMatchObject({ code: 'not-found' })
    // a preset for another service: the app sends only to the address in Settings, so it refuses, never follows it
    const other = await rekap(['preset', 'save', 'lain', '--kind', 'hospital-lookup', '--base-url', 'https://api.lain.example', '--db', db])
    expect(other.code, other.err).toBe(0)
    await expect(call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: { code: 'Kode RS' }, preset: 'lain' })).rejects.toMatchObject({ code: 'conflict', field: 'preset' })
    await call('presets.delete', { name: 'lain' })
    // a new plan of the same workbook replaces one never started: cancel what is left
    for (const id of [cliJob.id, plan.jobId, typed.jobId]) if (app.ctx.store.jobs.get(id)) await call('jobs.cancel', { jobId: id })
  })
})

describe('notifications: one rule, texts in the app language', () => {
  it('a finished job notifies once, in Indonesian until English is chosen', async () => {
    const id = await runLookup('notice.csv', HOSPITALS.slice(0, 2))
    const n = await noticeFor(id)
    expect(n).toMatchObject({ reason: 'done', title: 'rekap: pekerjaan selesai' })
    expect(n.body).toContain('notice.csv: 2 baris selesai, 0 gagal')
    await new Promise((r) => setTimeout(r, 700)) // the store watch's tick: a second report of the same change
    expect(notices.filter((x) => x.jobId === id)).toHaveLength(1)
  })

  it('a face job with pairs in the review band says it needs review; a budget stop says it is blocked', async () => {
    await call('settings.save', { language: 'en', reviewBand: [0, 1] })
    for (const n of ['obama_1.jpg', 'obama_2.jpg', 'biden_1.jpg', 'biden_2.jpg']) copyFileSync(join(FACES, n), join(tmp.dir, n))
    const file = join(tmp.dir, 'kyc.csv')
    writeFileSync(file, ['NIK,Nama,Foto KTP,Foto Selfie', '3273010101010001,Budi,obama_1.jpg,obama_2.jpg'].join('\n'))
    const plan = await call('jobs.plan', { path: file, kind: 'face-match', mapping: {} })
    await call('jobs.start', { jobId: plan.jobId })
    const review = await noticeFor(plan.jobId)
    expect(review).toMatchObject({ reason: 'review', title: 'rekap: photo pairs to review' })
    expect(review.body).toContain('1 pairs wait for a decision')

    const two = join(tmp.dir, 'kyc-budget.csv')
    writeFileSync(two, ['NIK,Nama,Foto KTP,Foto Selfie', '3273010101010002,Siti,biden_1.jpg,biden_2.jpg', '3273010101010003,Ani,obama_2.jpg,biden_1.jpg'].join('\n'))
    const p2 = await call('jobs.plan', { path: two, kind: 'face-match', mapping: {}, budgetRp: 400 })
    await call('jobs.start', { jobId: p2.jobId, budgetRp: 400 })
    const blocked = await noticeFor(p2.jobId)
    expect(blocked).toMatchObject({ reason: 'blocked', title: 'rekap: a job stopped and waits for you' })
    expect(blocked.body).toMatch(/kyc-budget\.csv: .*Rp400/)
    await call('jobs.cancel', { jobId: p2.jobId })
    await call('settings.save', { language: 'id', reviewBand: null })
  })

  it('the setting is kept (on by default)', async () => {
    expect((await call('settings.get', {})).notifications).toBe(true)
    expect((await call('settings.save', { notifications: false })).notifications).toBe(false)
    expect((await call('settings.save', { notifications: true })).notifications).toBe(true)
  })
})

describe('compare from History', () => {
  it('two lookups of one kind: the same comparison as `rekap compare`, saved as an xlsx', async () => {
    const a = await runLookup('bulan-lalu.csv', HOSPITALS.slice(0, 3))
    const b = await runLookup('hari-ini.csv', HOSPITALS.slice(1, 4))
    const c = await call('jobs.compare', { jobA: a, jobB: b, lang: 'id' })
    expect(c).toMatchObject({ added: 1, removed: 1, changedRows: 0, unchanged: 2, downloadUrl: null })
    expect(c.fileName).toBe(`rekap-perbandingan-${a}-${b}.xlsx`)
    // the CLI on the same store says the same
    const cli = await rekap(['compare', a, b, '--json', '--db', app.ctx.paths.dbFile])
    expect(cli.code, cli.err).toBe(0)
    expect(JSON.parse(cli.out)).toMatchObject({ added: c.added, removed: c.removed, unchanged: c.unchanged })
    // a second reader: openpyxl sees the summary sheet and one added, one removed row
    const sheets = execFileSync('/usr/bin/python3', ['-c', 'import openpyxl,sys; wb=openpyxl.load_workbook(sys.argv[1]); print("|".join(f"{ws.title}:{ws.max_row}" for ws in wb))', c.path], { encoding: 'utf8' }).trim()
    expect(sheets).toBe('Ringkasan:10|Berubah:1|Baru:2|Hilang:2')

    const face = notices.find((n) => n.reason === 'review')!.jobId
    await expect(call('jobs.compare', { jobA: a, jobB: face, lang: 'en' })).rejects.toMatchObject({ code: 'invalid-input' })
    // in the language asked for (issue 23 item 15: it was English whatever the screen's language)
    await expect(call('jobs.compare', { jobA: a, jobB: face, lang: 'id' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('jenis pekerjaan berbeda') })
  })
})

describe('space used and pruning in Settings', () => {
  it('shows the space by part, lists what a prune would delete, deletes only what was shown, ledger totals kept', async () => {
    const space = await call('storage.usage', {})
    expect(space.parts.map((p) => p.part)).toEqual(['store', 'uploads', 'pictures', 'reports'])
    expect(space.parts[0].bytes).toBeGreaterThan(10_000)
    expect(space.parts[3].bytes).toBeGreaterThan(1000) // the comparison written above
    expect(space.totalBytes).toBe(space.parts.reduce((n, p) => n + p.bytes, 0))

    const month = () => app.ctx.store.db.prepare('SELECT COALESCE(SUM(points),0) AS p FROM charges').get() as { p: number }
    expect(await call('storage.prunePlan', { olderThanDays: 30 })).toEqual([])
    const plan = await call('storage.prunePlan', { olderThanDays: 0 })
    expect(plan.length).toBeGreaterThanOrEqual(5)
    const cli = await rekap(['jobs', '--prune', '--older-than', '0d', '--db', app.ctx.paths.dbFile], { REKAP_LANG: 'en' })
    expect(cli.code).not.toBe(0) // no terminal, no --yes: it shows and refuses, deleting nothing
    const before = month().p
    const shown = plan.slice(0, 2).map((i) => i.jobId)
    const pruned = await call('storage.prune', { olderThanDays: 0, jobIds: shown })
    expect(pruned.deleted.map((d) => d.jobId).sort()).toEqual([...shown].sort())
    expect(pruned.deleted.every((d) => /^[0-9a-f]{64}$/.test(d.reportDigest ?? ''))).toBe(true)
    for (const id of shown) expect(app.ctx.store.jobs.get(id)).toBeUndefined()
    expect(month().p).toBe(before)
    expect((await call('storage.prunePlan', { olderThanDays: 0 })).length).toBe(plan.length - 2)
    expect(existsSync(app.ctx.paths.dbFile)).toBe(true)
  })
})

describe('Folder pantau: the watched folder in the app', () => {
  it('watches a folder with a preset through the same watcher as `rekap watch`: the report in selesai/, then stops', async () => {
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    await call('presets.save', { name: 'rs-harian', kind: 'hospital-lookup', mapping: { code: 'Kode RS' } })
    await expect(call('watch.start', { dir: join(tmp.dir, 'nope'), preset: 'rs-harian' })).rejects.toMatchObject({ code: 'not-found' })
    await expect(call('watch.start', { dir, preset: 'tidak-ada' })).rejects.toMatchObject({ code: 'not-found' })
    const started = await call('watch.start', { dir, preset: 'rs-harian' })
    expect(started).toMatchObject({ dir, preset: 'rs-harian', running: true })
    await expect(call('watch.start', { dir, preset: 'rs-harian' })).rejects.toMatchObject({ code: 'conflict' })
    writeFileSync(join(dir, 'kiriman.csv'), ['Kode RS', ...HOSPITALS.slice(0, 2)].join('\n'))
    const end = Date.now() + 60_000
    // the report is written first, then the input is moved beside it: wait for both
    const filed = (): boolean => existsSync(join(dir, 'selesai', 'kiriman.csv')) && readdirSync(join(dir, 'selesai')).some((f) => /^kiriman-j[0-9a-f]+\.xlsx$/.test(f))
    while (!filed()) {
      if (Date.now() > end) throw new Error(`no report in selesai/: ${JSON.stringify(await call('watch.status', {}))}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(readdirSync(join(dir, 'selesai'))).toContain('kiriman.csv')
    // the run record beside the report, as rekap watch writes it
    const report = readdirSync(join(dir, 'selesai')).find((f) => /^kiriman-j[0-9a-f]+\.xlsx$/.test(f))!
    const record = JSON.parse(readFileSync(join(dir, 'selesai', report.replace(/\.xlsx$/, '.json')), 'utf8'))
    expect(record).toMatchObject({ kind: 'hospital-lookup', report: { path: join(dir, 'selesai', report) } })
    expect(record.report.digest).toMatch(/^[0-9a-f]{64}$/)
    const ajv = new Ajv({ allErrors: true, validateFormats: false })
    ajv.validate(JSON.parse(readFileSync(join(REPO_ROOT, 'docs/run-record.schema.json'), 'utf8')), record)
    expect(ajv.errors ?? []).toEqual([])
    const status = await call('watch.status', {})
    // the watcher speaks the app's language (Indonesian here)
    expect(status!.lines.some((l) => /^selesai kiriman\.csv \(pekerjaan j[0-9a-f]+\)/.test(l))).toBe(true)
    const stopped = await call('watch.stop', {})
    expect(stopped).toMatchObject({ running: false })
    // stopped: a file dropped now stays where it is
    writeFileSync(join(dir, 'nanti.csv'), ['Kode RS', HOSPITALS[0]].join('\n'))
    await new Promise((r) => setTimeout(r, 1500))
    expect(existsSync(join(dir, 'proses', 'nanti.csv.ambil'))).toBe(false)
  })
})
