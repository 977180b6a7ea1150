/**
 * Issue 27: `rekap run` says `job <id>` as soon as the job exists, before its rows are read and
 * checked, so a run killed during a long pre-flight can still be found and resumed. Checked without
 * timing: the process is stopped (SIGSTOP) the moment the line arrives, and the store is read then:
 * the job is there and still a draft (its plan not made yet). Before, the line came after the plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { REPO_ROOT, SHARED_DIR, makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-first-line-')
})
afterAll(() => tmp?.cleanup())

describe('the first line', () => {
  it('job <id> is printed when the job is created, before the pre-flight of its rows', async () => {
    const face = (f: string): string => join(SHARED_DIR, 'fixtures/faces', f)
    const rows = Array.from({ length: 400 }, (_, i) => `32730101${String(i).padStart(8, '0')},Orang ${i},${face('obama_1.jpg')},${face(i % 2 ? 'obama_2.jpg' : 'biden_1.jpg')}`)
    const file = join(tmp.dir, 'big.csv')
    writeFileSync(file, ['NIK,Nama,Foto KTP,Foto Selfie', ...rows].join('\n'))
    const db = join(tmp.dir, 'rekap.db')
    const child = spawn(process.execPath, ['bin/rekap.mjs', 'run', file, '--kind', 'face-match', '--allow-outside-paths', '--dry-run', '--db', db], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
    })
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    let out = ''
    const first = await new Promise<string>((done) => {
      child.stdout!.setEncoding('utf8').on('data', (s: string) => {
        out += s
        if (out.includes('\n') && !child.killed) {
          child.kill('SIGSTOP')
          done(out.split('\n')[0])
        }
      })
    })
    try {
      expect(first).toMatch(/^job j[0-9a-f]{8}$/)
      const d = new Database(db, { readonly: true, timeout: 10_000 })
      const job = d.prepare('SELECT state FROM jobs WHERE id = ?').get(first.slice(4)) as { state: string } | undefined
      d.close()
      expect(job?.state).toBe('draft')
    } finally {
      child.kill('SIGCONT')
    }
    expect(await exited).toBe(0)
  })
})
