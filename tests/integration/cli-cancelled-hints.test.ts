/**
 * A run cancelled from another terminal, with rows that had failed: its last words were "fix
 * them, then send the failed rows again with: rekap retry-failed <id>", a command rekap then
 * refused (exit 2: the job was cancelled). The hint is said only when job-actions allows it.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let codes: string

beforeAll(() => {
  tmp = makeTempDir('rekap-cancelled-hints-')
  db = join(tmp.dir, 'rekap.db')
  codes = join(tmp.dir, 'codes.csv')
  // well-formed codes the sandbox does not have: each row fails (not found, free)
  writeFileSync(codes, ['Kode RS', ...Array.from({ length: 60 }, (_, i) => `99${String(10000 + i).padStart(5, '0')}`)].join('\n') + '\n')
})
afterAll(() => tmp?.cleanup())

describe('a run cancelled from another process, with failed rows', () => {
  it('does not end by suggesting retry-failed, which a cancelled job refuses', async () => {
    const child = spawn(process.execPath, ['bin/rekap.mjs', 'run', codes, '--rps', '4', '--db', db], {
      cwd: REPO_ROOT,
      env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
    const exited = new Promise<number | null>((done) => child.once('exit', done))
    const until = Date.now() + 120_000
    while (!/, [1-9]\d* failed/.test(out)) {
      if (Date.now() > until) throw new Error(`no row failed:\n${out}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    const id = /^job (\w+)$/m.exec(out)![1]
    const cancel = await rekap(['cancel', id, '--db', db])
    expect(cancel.code, cancel.out + cancel.err).toBe(0)
    expect(await exited).toBe(0)
    expect(out).toMatch(/row\(s\) failed/)
    expect(out).toMatch(/cancelled\. What was done is kept/)
    expect(out).not.toMatch(/rekap retry-failed/)
    // what the old hint suggested
    const retry = await rekap(['retry-failed', id, '--db', db])
    expect(retry.code).toBe(2)
  }, 180_000)
})
