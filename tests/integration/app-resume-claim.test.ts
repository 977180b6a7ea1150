/**
 * The job screen's Resume button (renderer -> contract/ipc.ts -> app/dispatch.ts -> handlers ->
 * engine) on a job that came from a watched folder whose workbook another computer holds now:
 * refused as a conflict the screen shows (errorText), in the app's language, naming the host, and
 * nothing sent. The job as a watcher of an earlier rekap left it (only its `watch-file:` record,
 * nothing structured about the folder): the store such a desk already has. Allowed again once the
 * claim is this computer's. The job's views offer only what the gate allows (availableActions with the
 * claim read): no Start or Resume button that then fails, but the refusal, so the screen says why and
 * how to go on. Real store, real engine, the embedded sandbox, through the one dispatcher.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName, CommandOutput } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch, toErrorBody } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { claim, claimPath, fileFingerprint } from '../../src-main/core/unattended/watch-folder'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp

function call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

beforeAll(() => {
  tmp = makeTempDir('rekap-app-resume-claim-')
  app = openApp({
    mode: 'browser',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: () => envKeyVault({}),
    platformLanguage: 'id-ID',
    progressIntervalMs: 100,
    heavyWorkThreads: false,
  })
})

afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

const OTHER_DESK = `desk-b-${hostname()}`

/** What the job screen and History are given for the job: its legal actions and why it does not run here. */
async function offered(jobId: string) {
  const view = await call('jobs.get', { jobId })
  const listed = (await call('jobs.list', {})).find((j) => j.id === jobId)!
  expect(listed.actions).toEqual(view.actions)
  expect(listed.notRunHere).toBe(view.notRunHere)
  return { actions: view.actions, notRunHere: view.notRunHere }
}

async function refusal(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('the job was resumed')
    },
    (e: unknown) => e,
  )
}

describe('the Resume button on a watched job', () => {
  it('is refused while another computer holds the workbook, and when its claim is gone; allowed once the claim is this computer’s', async () => {
    const dir = join(tmp.dir, 'watched')
    mkdirSync(join(dir, 'proses'), { recursive: true })
    const file = join(dir, 'kode.csv')
    writeFileSync(file, 'Kode RS\n3201001\n3201002\n3201003\n')
    const plan = await call('jobs.plan', { path: file, kind: 'hospital-lookup', mapping: { code: 'Kode RS' } })
    // what a watcher of an earlier rekap kept of a file it took (folder-watcher.ts TakenRecord)
    app.ctx.store.settings.set(`watch-file:${await fileFingerprint(file)}`, { jobId: plan.jobId, name: 'kode.csv', status: 'admitted' })
    writeFileSync(claimPath(dir, 'kode.csv'), `4242@${OTHER_DESK} ${new Date().toISOString()} ${Date.now() - 60_000}\n`)

    const heldElsewhere = await offered(plan.jobId)
    expect(heldElsewhere.actions).toEqual(['cancel', 'export'])
    expect(heldElsewhere.notRunHere).toContain(OTHER_DESK)
    expect(heldElsewhere.notRunHere).toMatch(/komputer lain/)
    expect(heldElsewhere.notRunHere).toContain(`rekap watch ${dir}`)

    const taken = await refusal(call('jobs.resume', { jobId: plan.jobId }))
    const id = toErrorBody(taken, [], 'id')
    expect(id.code).toBe('conflict')
    expect(id.message).toContain(OTHER_DESK)
    expect(id.message).toMatch(/komputer lain/)
    expect(toErrorBody(taken, [], 'en').message).toMatch(new RegExp(`${OTHER_DESK} \\(another computer\\)`))
    expect((await refusal(call('jobs.start', { jobId: plan.jobId })))).toBeTruthy()
    expect(app.ctx.store.rows.counts(plan.jobId)).toMatchObject({ pending: 3, done: 0, failed: 0, inFlight: 0 })
    expect(app.ctx.store.jobs.get(plan.jobId)!.state).toBe('ready')

    rmSync(claimPath(dir, 'kode.csv'))
    const noClaim = await offered(plan.jobId)
    expect(noClaim.actions).toEqual(['cancel', 'export'])
    expect(noClaim.notRunHere).toContain(`rekap watch ${dir}`)
    const gone = toErrorBody(await refusal(call('jobs.resume', { jobId: plan.jobId })), [], 'en')
    expect(gone.code).toBe('conflict')
    expect(gone.message).toContain(`rekap watch ${dir}`)
    expect(app.ctx.store.rows.counts(plan.jobId)).toMatchObject({ pending: 3, done: 0 })

    // this process claims the file (as the app's own Folder pantau does): the job may run
    expect(claim(dir, 'kode.csv')).toBe(file)
    expect(await offered(plan.jobId)).toEqual({ actions: ['start', 'cancel', 'export'], notRunHere: null })
    await call('jobs.resume', { jobId: plan.jobId })
    expect((await app.ctx.engine.settled(plan.jobId)).state).toBe('done')
    expect(app.ctx.store.rows.counts(plan.jobId).pending).toBe(0)
  }, 60_000)
})
