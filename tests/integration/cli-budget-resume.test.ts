import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, REPO_ROOT, SHARED_DIR, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

function rekap(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: '' } })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })))
}

beforeAll(async () => {
  tmp = makeTempDir()
  sandbox = await startSandboxProcess()
  const f = (n: string) => join(SHARED_DIR, 'fixtures/faces', n)
  writeFileSync(
    join(tmp.dir, 'kyc.csv'),
    ['Foto KTP,Foto Selfie', `${f('obama_1.jpg')},${f('obama_2.jpg')}`, `${f('biden_1.jpg')},${f('biden_2.jpg')}`, `${f('rose_leslie_1.jpg')},${f('rose_leslie_2.jpg')}`].join('\n'),
  )
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('rekap run --budget, then rekap resume --budget', () => {
  it('stops before overspending (exit 3, says why and how to go on), then finishes with a higher budget', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const common = ['--db', db, '--key', sandbox.key]
    const first = await rekap(['run', join(tmp.dir, 'kyc.csv'), '--base-url', sandbox.url, '--budget', 'Rp800', '--yes', '--concurrency', '1', '--allow-outside-paths', ...common])
    expect(first.code, first.out).toBe(3)
    expect(first.out).toMatch(/BLOCKED \(needs-top-up\): The budget of Rp800 is reached/)
    const jobId = /job (j\w+)/.exec(first.out)![1]
    expect(first.out).toContain(`rekap resume ${jobId}`)
    expect((await sandbox.admin('GET', '/_sandbox/state')).charged_calls).toBe(2)

    const second = await rekap(['resume', jobId, '--budget', '1.200', ...common])
    expect(second.code, second.out).toBe(0)
    expect(second.out).toMatch(/3\/3 rows, 3 done, 0 failed/)
    expect((await sandbox.admin('GET', '/_sandbox/state')).charged_calls).toBe(3)
  }, 180_000)
})
