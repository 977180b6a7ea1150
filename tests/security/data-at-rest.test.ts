/**
 * Item 10: the data, uploads, pictures and exports folders were world-readable (0755/0644) and
 * uploads were never deleted. Now folders are 0700 and files 0600, and uploads older than the
 * retention setting (default 30 days) are removed when the app opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { fakeRenderer, rekap, signIn, startUiChild } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-rest-')))
afterAll(() => tmp.cleanup())

const mode = (p: string): string => (statSync(p).mode & 0o777).toString(8)

describe('data at rest', () => {
  it('rekap ui: private folders and files, uploads past the retention period removed, recent ones kept', async () => {
    const data = join(tmp.dir, 'data')
    // what an older version left: open modes, and uploads of all ages
    mkdirSync(join(data, 'uploads', 'old'), { recursive: true, mode: 0o755 })
    mkdirSync(join(data, 'uploads', 'recent'), { recursive: true, mode: 0o755 })
    chmodSync(data, 0o755)
    writeFileSync(join(data, 'uploads', 'old', 'nasabah.xlsx'), 'old')
    writeFileSync(join(data, 'uploads', 'recent', 'nasabah.xlsx'), 'recent')
    const longAgo = new Date(Date.now() - 40 * 86_400_000)
    utimesSync(join(data, 'uploads', 'old'), longAgo, longAgo)

    const ui = await startUiChild(['--db', join(data, 'rekap.db')], { REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')), REKAP_DATA_DIR: data })
    try {
      for (const dir of [data, join(data, 'uploads'), join(data, 'exports'), join(data, 'pictures')]) expect(mode(dir), dir).toBe('700')
      expect(mode(join(data, 'rekap.db'))).toBe('600')
      expect(readdirSync(join(data, 'uploads'))).toEqual(['recent'])

      const auth = await signIn(ui.url)
      const form = new FormData()
      form.append('file', new Blob(['Kode RS\n3171015\n']), 'codes.csv')
      const uploaded: string = (await (await fetch(`${ui.origin}/api/upload`, { method: 'POST', headers: auth, body: form })).json()).path
      expect(mode(uploaded)).toBe('600')
      expect(mode(join(uploaded, '..'))).toBe('700')
      const settings = await (await fetch(`${ui.origin}/api/settings.get`, { method: 'POST', headers: auth, body: '{}' })).json()
      expect(settings.uploadRetentionDays).toBe(30)
    } finally {
      await ui.stop()
    }
  })

  it("keeps an old upload that is the input of an unfinished job, and removes it once the job is over", async () => {
    const data = join(tmp.dir, 'keep')
    const env = { REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')), REKAP_DATA_DIR: data }
    const start = async () => {
      const ui = await startUiChild(['--db', join(data, 'rekap.db')], env)
      const auth = await signIn(ui.url)
      const call = async (name: string, body: unknown) =>
        (await fetch(`${ui.origin}/api/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()
      return { ui, auth, call }
    }
    const age = (folder: string) => {
      const longAgo = new Date(Date.now() - 40 * 86_400_000)
      utimesSync(folder, longAgo, longAgo)
    }
    let s = await start()
    const form = new FormData()
    form.append('file', new Blob(['Kode RS\n3171015\n']), 'codes.csv')
    const uploaded: string = (await (await fetch(`${s.ui.origin}/api/upload`, { method: 'POST', headers: s.auth, body: form })).json()).path
    const plan = await s.call('jobs.plan', { path: uploaded, kind: 'hospital-lookup', mapping: {} })
    expect(plan.jobId).toBeTruthy()
    await s.ui.stop()
    const folder = join(uploaded, '..')
    age(folder)

    s = await start() // the job is planned, not finished: its input stays
    expect(existsSync(uploaded)).toBe(true)
    await s.call('jobs.cancel', { jobId: plan.jobId })
    await s.ui.stop()
    age(folder)

    s = await start() // cancelled: the old upload goes
    try {
      expect(existsSync(folder)).toBe(false)
    } finally {
      await s.ui.stop()
    }
  })

  it('rekap run and export: the store, the pictures taken out of the workbook and the report are private', async () => {
    const db = join(tmp.dir, 'cli', 'rekap.db')
    const r = await rekap(['run', join(REPO_ROOT, 'examples', 'kyc', 'kyc-sample.xlsx'), '--dry-run', '--json', '--db', db])
    expect(r.code, r.out).toBe(0)
    const jobId = JSON.parse(r.stdout.trim().split('\n').pop()!).jobId
    expect(mode(db)).toBe('600')
    const pictures = join(tmp.dir, 'cli', 'pictures', jobId)
    expect(existsSync(pictures)).toBe(true)
    expect(mode(pictures)).toBe('700')
    for (const f of readdirSync(pictures)) expect(mode(join(pictures, f)), f).toBe('600')
    const out = join(tmp.dir, 'report.xlsx')
    const e = await rekap(['export', jobId, '--db', db, '--out', out])
    expect(e.code, e.out).toBe(0)
    expect(mode(out)).toBe('600')
  })
})
