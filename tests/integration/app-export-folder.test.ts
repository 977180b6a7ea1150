/**
 * The app's Export (a job's report, a directory report) into an exports folder that cannot be
 * made or written says what `rekap export` says for the same path: the cause in the page's
 * language, as the user's input to fix (invalid-input), not the system's English as a failure.
 * Real dispatcher, real store, real folders.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import { appLanguage, dispatch, toErrorBody } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp
let jobId: string
let aFile: string

beforeAll(() => {
  tmp = makeTempDir('rekap-app-export-folder-')
  aFile = join(tmp.dir, 'berkas.txt')
  writeFileSync(aFile, 'not a folder')
  app = openApp({ mode: 'electron', paths: appPaths(join(tmp.dir, 'data')), vault: () => envKeyVault({}), platformLanguage: 'id-ID', confirmWidening: async () => true })
  const store = app.ctx.store
  const now = Date.now()
  const job = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.csv', settings: defaultJobSettings({ baseUrl: 'http://127.0.0.1:9' }) }, now)
  store.rows.insertMany(job.id, [{ rowNo: 1, input: { Kode: '3171015' }, payload: {} }], now)
  for (const s of ['ready', 'running'] as const) store.jobs.transition(job.id, s, now)
  store.rows.markInFlight(job.id, 1, now)
  store.rows.complete(job.id, 1, { outcome: 'found', recordKey: '3171015' }, now, { product: 'hospitals', chargePoints: 0 })
  store.jobs.transition(job.id, 'done', now)
  jobId = job.id
})

afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

/** What the page is sent when the command fails, in the app's language. */
async function failure(name: string, input: unknown) {
  const err = await dispatch(app.handlers, name as CommandName, input).then(() => null, (e: unknown) => e)
  expect(err, name).not.toBeNull()
  return toErrorBody(err, [], appLanguage(app.ctx))
}

describe('Export into a folder that cannot be written', () => {
  it('says the cause as the CLI does, in the page language, as invalid input', async () => {
    await dispatch(app.handlers, 'settings.save', { dataDir: join(aFile, 'ekspor') })
    const exports: Array<[string, unknown]> = [
      ['jobs.export', { jobId, lang: 'id', format: 'xlsx' }],
      ['jobs.export', { jobId, lang: 'id', format: 'csv' }],
      ['directory.export', { query: { product: 'hospitals' }, lang: 'id' }],
    ]
    for (const language of ['id', 'en'] as const) {
      await dispatch(app.handlers, 'settings.save', { language })
      for (const [name, input] of exports) {
        const body = await failure(name, input)
        expect(body.code, `${name}: ${body.message}`).toBe('invalid-input')
        expect(body.message).toContain(language === 'id' ? `${aFile} adalah berkas, bukan folder` : `${aFile} is a file, not a folder`)
        expect(body.message).not.toMatch(/ENOTDIR|EEXIST|not a directory|file already exists/)
      }
    }
  })
})
