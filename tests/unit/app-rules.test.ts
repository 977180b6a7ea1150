/** The app layer's pure rules: settings patches, views, job snapshots, key hints, names, paths, errors. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError, type AppErrorCode } from '../../src-main/app/app-error'
import { appPaths, defaultDataDir } from '../../src-main/app/app-paths'
import {
  applySettingsPatch,
  DEFAULT_APP_SETTINGS,
  jobSettingsFor,
  normaliseBaseUrl,
  settingsView,
} from '../../src-main/app/app-settings'
import { appLanguage, describeIssues, toErrorBody } from '../../src-main/app/dispatch'
import { ActionRefusedError } from '../../src-main/core/engine/action-errors'
import { whyNot } from '../../src-main/core/model/job-actions'
import { annotatedCopyName, directoryReportName, jobReportName, safeFileStem } from '../../src-main/app/export-names'
import { envKeyVault, keyHint } from '../../src-main/app/key-vault'
import { uploadFileName } from '../../src-main/browser/upload'
import { resolveStatic } from '../../src-main/browser/static-files'
import { commands } from '../../src-main/contract/ipc'
import { callErrorFromMessage, type CallErrorCode } from '../../src-renderer/src/api/call-error'
import { makeTempDir } from '../helpers/temp-dir'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const codesAgree: Same<AppErrorCode, CallErrorCode> = true

const tmp = makeTempDir('rekap-rules-')
afterAll(() => tmp.cleanup())

describe('settings', () => {
  it('applies a patch, keeping rates that follow the plan unless the user set them', () => {
    const premium = applySettingsPatch(DEFAULT_APP_SETTINGS, { hospitalPlan: 'premium' })
    const view = settingsView(premium, { hasKey: false, keyHint: null, keySource: 'none' }, '/data/exports')
    expect(view.rps).toEqual({ 'face-match': 5, hospitals: 100, schools: 10, regional: 10 })
    const tuned = applySettingsPatch(premium, { rps: { hospitals: 40, 'face-match': 2 } })
    expect(settingsView(tuned, { hasKey: false, keyHint: null, keySource: 'none' }, '/x').rps).toMatchObject({ hospitals: 40, 'face-match': 2 })
    expect(DEFAULT_APP_SETTINGS.rpsOverrides).toEqual({}) // the default object is not mutated
  })

  it('a new hospital plan brings its rate, even after a save that wrote every rate (as the Settings screen did)', () => {
    const all = { 'face-match': 5, hospitals: 20, schools: 10, regional: 10 }
    const saved = applySettingsPatch(DEFAULT_APP_SETTINGS, { rps: all })
    const premium = applySettingsPatch(saved, { hospitalPlan: 'premium', rps: { schools: 12 } })
    const view = (s: typeof premium) => settingsView(s, { hasKey: false, keyHint: null, keySource: 'none' }, '/x').rps
    expect(view(premium)).toEqual({ 'face-match': 5, hospitals: 100, schools: 12, regional: 10 })
    // a rate set in the same patch wins; the same plan again keeps the user's rate
    expect(view(applySettingsPatch(saved, { hospitalPlan: 'premium', rps: { hospitals: 60 } })).hospitals).toBe(60)
    const tuned = applySettingsPatch(premium, { rps: { hospitals: 40 } })
    expect(view(applySettingsPatch(tuned, { hospitalPlan: 'premium' })).hospitals).toBe(40)
  })

  it('accepts only http(s) base URLs without credentials, query or fragment', () => {
    expect(normaliseBaseUrl('  https://api.example.co.id/v1/  ')).toBe('https://api.example.co.id/v1')
    expect(normaliseBaseUrl('')).toBe('')
    for (const bad of ['api.example.com', 'file:///etc', 'https://user:pw@api.example.com', 'https://api.example.com/?k=1']) {
      expect(() => normaliseBaseUrl(bad), bad).toThrow(AppError)
    }
  })

  it('snapshots the plan quota and budget into a new job, never the key', () => {
    const s = applySettingsPatch(DEFAULT_APP_SETTINGS, { budgetRp: 100_000, reviewBand: [0.4, 0.6] })
    const job = jobSettingsFor(s, { baseUrl: 'http://127.0.0.1:9999', sandbox: true })
    expect(job).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', sandbox: true, budgetRp: 100_000, reviewBand: [0.4, 0.6] })
    expect(job.monthlyQuota.hospitals).toBe(3000)
    expect(jobSettingsFor(s, { baseUrl: '', sandbox: true }, { budgetRp: null }).budgetRp).toBeNull()
    expect(JSON.stringify(job)).not.toMatch(/apiKey|"key"/)
  })

  it('uses the data folder Electron would use, or REKAP_DATA_DIR', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/home/u/.config' }, 'linux')).toBe('/home/u/.config/rekap')
    expect(defaultDataDir({ REKAP_DATA_DIR: '/srv/rekap' }, 'linux')).toBe('/srv/rekap')
    expect(appPaths('/d')).toEqual({ dataDir: '/d', dbFile: '/d/rekap.db', exportsDir: '/d/exports', uploadsDir: '/d/uploads' })
  })
})

describe('the API key', () => {
  it('shows only the last 4 characters, and nothing of a short key', () => {
    expect(keyHint('abcd-efgh-1234')).toBe('…1234')
    expect(keyHint('short')).toBe('…')
    expect(keyHint(null)).toBeNull()
  })

  it('in browser mode comes from REKAP_API_KEY only; saving one is refused without echoing it', () => {
    const vault = envKeyVault({ REKAP_API_KEY: ' env-key-12345678 ' })
    expect(vault.get()).toBe('env-key-12345678')
    expect(vault.source()).toBe('env')
    let err: unknown
    try {
      vault.set('typed-key-87654321')
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ code: 'conflict', field: 'key' })
    expect((err as Error).message).not.toContain('typed-key-87654321')
    expect(envKeyVault({}).source()).toBe('none')
  })
})

describe('errors on their way to the renderer', () => {
  it('names the bad field and masks secrets', () => {
    const parsed = commands['jobs.rows'].input.safeParse({ jobId: 'ok123', offset: -1, limit: 0 })
    expect(parsed.success).toBe(false)
    const d = describeIssues('jobs.rows', parsed.error!)
    expect(d.field).toBe('offset')
    expect(d.message).toMatch(/^jobs\.rows: offset: .*; limit: /)
    const body = toErrorBody(new Error('GET /x failed for key sk-live-ABCDEFGH'), ['sk-live-ABCDEFGH'])
    expect(body).toEqual({ code: 'failed', message: 'GET /x failed for key ***', field: null })
  })

  it("says core's refusals in the app's language: a refused action is a conflict, in Indonesian unless English is chosen", () => {
    const facts = { state: 'paused', holder: 'none', counts: { pending: 1, inFlight: 0, failed: 0, uncertain: 0, done: 0 }, paid: true } as const
    const err = new ActionRefusedError('j1', 'pause', whyNot('pause', facts, 'j1')!)
    expect(toErrorBody(err, [], 'id')).toEqual({
      code: 'conflict',
      message: 'pause tidak bisa dilakukan pada pekerjaan berstatus dijeda (yang bisa dilakukan sekarang: resume, cancel, export)',
      field: null,
    })
    expect(toErrorBody(err, [], 'en').message).toBe('pause is not possible for a job that is paused (possible now: resume, cancel, export)')
    expect(appLanguage({ settings: () => ({ language: null }) })).toBe('id')
    expect(appLanguage({ settings: () => ({ language: 'en' }) })).toBe('en')
  })

  it('survives the trip through the preload as "[code:field] message"', () => {
    expect(codesAgree).toBe(true)
    const e = callErrorFromMessage("Error invoking remote method 'jobs.start': Error: [invalid-input:jobId] jobs.start: jobId: not a job id")
    expect(e).toMatchObject({ code: 'invalid-input', field: 'jobId', message: 'jobs.start: jobId: not a job id' })
    expect(callErrorFromMessage('[conflict] no keychain')).toMatchObject({ code: 'conflict', field: null, message: 'no keychain' })
    expect(callErrorFromMessage('something else')).toMatchObject({ code: 'failed', message: 'something else' })
  })
})

describe('file names and paths', () => {
  it('makes export and upload names safe on every OS', () => {
    expect(jobReportName({ id: 'j1a2b3c4', kind: 'face-match' }, 'id', 'xlsx')).toBe('rekap-face-match-j1a2b3c4-id.xlsx')
    expect(annotatedCopyName({ id: 'j1', inputName: 'Data KYC: Jan+Feb <final>.xlsx' }, 'en')).toBe('Data-KYC-Jan-Feb-final-rekap-j1-en.xlsx')
    expect(safeFileStem('...', 'fallback')).toBe('fallback')
    // the wall clock of the Settings zone (default WIB), whatever the zone of the process
    expect(directoryReportName('hospitals', Date.UTC(2026, 0, 1, 20, 4, 5), 'id')).toBe('rekap-hospitals-directory-20260102-030405-id.xlsx')
    expect(directoryReportName('hospitals', Date.UTC(2026, 0, 1, 20, 4, 5), 'id', 'Asia/Makassar')).toBe('rekap-hospitals-directory-20260102-040405-id.xlsx')
    expect(uploadFileName('..\\..\\Windows\\evil name.xlsx')).toBe('evil-name.xlsx')
    expect(uploadFileName('../../etc/passwd')).toBe('passwd')
    expect(uploadFileName('Pegawai Ölçü.CSV')).toBe('Pegawai-Olcu.CSV')
  })

  it('serves files only from inside the renderer folder', async () => {
    const root = join(tmp.dir, 'renderer')
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'index.html'), '<html>')
    writeFileSync(join(root, 'assets', 'a.js'), '1')
    writeFileSync(join(tmp.dir, 'outside.txt'), 'no')
    expect(await resolveStatic(root, '/assets/a.js')).toBe(join(root, 'assets', 'a.js'))
    expect(await resolveStatic(root, '/')).toBe(join(root, 'index.html'))
    expect(await resolveStatic(root, '/jobs/j1')).toBe(join(root, 'index.html'))
    expect(await resolveStatic(root, '/assets/missing.js')).toBeNull()
    for (const evil of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt', '/a%00.js', '/%E0%A4%A']) {
      const r = await resolveStatic(root, evil)
      expect(r === null || r === join(root, 'index.html'), evil).toBe(true)
    }
  })
})
