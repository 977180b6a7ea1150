/**
 * Issue 23 item 15: the app's own refusals (AppError) are said in the language the page asked
 * for (Settings, else Indonesian), not English word for word. Drives the real dispatcher against a
 * real store; the words the page gets are toErrorBody's, as the IPC bridge and the HTTP server send.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName } from '../../src-main/contract/ipc'
import { AppError, type ErrorBody } from '../../src-main/app/app-error'
import { appPaths } from '../../src-main/app/app-paths'
import { appLanguage, dispatch, toErrorBody } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp

/** What the page is sent for a refused command, in the app's language. */
async function refusal(name: string, input: unknown): Promise<ErrorBody & { english: string }> {
  const err = await dispatch(app.handlers, name as CommandName, input).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return { ...toErrorBody(err, [], appLanguage(app.ctx)), english: toErrorBody(err, [], 'en').message }
}

/** English words that have no business in an Indonesian sentence ("folder" is the Indonesian screens' word too: id-vocabulary.test.ts). */
const ENGLISH = /\b(the|is|there|no|not|first|your|found|already|above|path|only|with|in|of)\b/i

beforeAll(() => {
  tmp = makeTempDir('rekap-app-lang-')
  app = openApp({
    mode: 'electron',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: () => envKeyVault({}),
    platformLanguage: 'id-ID',
    confirmWidening: async () => true,
  })
})

afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

describe('AppError in the page language', () => {
  it('Indonesian screens get Indonesian refusals; codes and fields stay; English when English is chosen', async () => {
    await dispatch(app.handlers, 'settings.save', { language: 'id' })
    const cases: Array<[string, unknown, Partial<ErrorBody>]> = [
      ['jobs.get', { jobId: 'nosuchjob' }, { code: 'not-found', field: 'jobId' }],
      ['files.inspect', { path: join(tmp.dir, 'missing.xlsx') }, { code: 'not-found' }],
      ['presets.delete', { name: 'tidak-ada' }, { code: 'not-found', field: 'name' }],
      ['settings.save', { reviewBand: [0.9, 0.5] }, { code: 'invalid-input', field: 'reviewBand' }],
      ['settings.save', { dataDir: 'relatif/data' }, { code: 'invalid-input', field: 'dataDir' }],
      ['watch.start', { dir: join(tmp.dir, 'tiada-map'), preset: 'x' }, { code: 'not-found', field: 'dir' }],
    ]
    // a core refusal passed on (a preset damaged in the store): its core text, in the same language
    app.ctx.store.settings.set('preset:rusak', { savedAt: 0, preset: { kind: 'tidak-ada' } })
    cases.push(['watch.start', { dir: tmp.dir, preset: 'rusak' }, { code: 'invalid-input', field: 'preset', message: expect.stringContaining('rusak') }])
    for (const [name, input, expected] of cases) {
      const body = await refusal(name, input)
      expect(body, name).toMatchObject(expected)
      expect(body.message, `${name}: ${body.message}`).not.toMatch(ENGLISH)
      expect(body.message, name).not.toBe(body.english)
    }

    await dispatch(app.handlers, 'settings.save', { language: 'en' })
    const en = await refusal('jobs.get', { jobId: 'nosuchjob' })
    expect(en).toMatchObject({ code: 'not-found', field: 'jobId', message: expect.stringMatching(/no job nosuchjob/) })
  })
})
