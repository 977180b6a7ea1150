/**
 * Issue 27: `rekap run` says `job <id>` as soon as the job exists, before its rows are read and
 * checked, so a run killed during a long pre-flight can still be found and resumed. Checked without
 * timing: the process is stopped (SIGSTOP) the moment the line arrives, and the store is read then:
 * the job is there and still a draft (its plan not made yet). Before, the line came after the plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { REPO_ROOT, SHARED_DIR, makeTempDir } from '../helpers/temp-dir'
import { stopAtFirstLine } from '../helpers/rekap-process'

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
    const first = await stopAtFirstLine(child)
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

  // What a start loads decides how soon the line comes (docs/performance.md): the packages below cost
  // tens to hundreds of milliseconds each and nothing before `job <id>` or in `--help` needs them.
  // Checked by what was loaded, not by a clock, so the machine's load cannot make it flaky.
  const HEAVY = /node_modules\/(sharp|exceljs|@vladmandic\/face-api|@tensorflow\/[^/]+|pg)\//
  const HEAVY_OR_SQLITE = /node_modules\/(sharp|exceljs|@vladmandic\/face-api|@tensorflow\/[^/]+|pg|better-sqlite3)\//

  function heavyLoadedBy(args: string[], at: 'first-line' | 'exit'): string[] {
    const probe = join(tmp.dir, 'loaded-probe.mjs')
    const out = join(tmp.dir, `loaded-${at}.json`)
    // records the CommonJS modules loaded (every package above is one) when the first line is
    // written, or when the process ends
    writeFileSync(
      probe,
      `import { createRequire } from 'node:module'
import { writeFileSync } from 'node:fs'
const cache = createRequire(import.meta.url).cache
const dump = () => writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(cache)))
if (${JSON.stringify(at)} === 'exit') process.on('exit', dump)
else {
  const write = process.stdout.write.bind(process.stdout)
  let done = false
  process.stdout.write = (chunk, ...rest) => {
    if (!done && String(chunk).includes('\\n')) { done = true; dump() }
    return write(chunk, ...rest)
  }
}
`,
    )
    const stdout = execFileSync(process.execPath, ['--import', probe, 'bin/rekap.mjs', ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
    })
    expect(stdout.length).toBeGreaterThan(0)
    // the probe wrote its list (readFileSync throws otherwise), maybe empty: the built CLI bundles
    // its small packages
    const loaded = JSON.parse(readFileSync(out, 'utf8')) as string[]
    const heavy = at === 'exit' ? HEAVY_OR_SQLITE : HEAVY
    return loaded.filter((f) => heavy.test(f)).map((f) => heavy.exec(f)![1])
  }

  it('`rekap run` on the example says job <id> before loading sharp, exceljs, the face engine or pg', () => {
    const db = join(tmp.dir, 'example.db')
    const first = heavyLoadedBy(['run', 'examples/kyc/kyc-sample.xlsx', '--dry-run', '--db', db], 'first-line')
    expect([...new Set(first)]).toEqual([])
  }, 120_000)

  it('`rekap --help` loads none of them, nor SQLite', () => {
    const loaded = heavyLoadedBy(['--help'], 'exit')
    expect([...new Set(loaded)]).toEqual([])
  }, 120_000)

  it('`rekap review JOB --list` without a team loads none of them either (it needs the store, not the engine or pg)', () => {
    const db = join(tmp.dir, 'review.db')
    const jobLine = execFileSync(process.execPath, ['bin/rekap.mjs', 'run', 'examples/kyc/kyc-sample.xlsx', '--dry-run', '--db', db], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
    })
    const job = /job (\S+)/.exec(jobLine)![1]
    const loaded = heavyLoadedBy(['review', job, '--list', '--db', db], 'exit').filter((p) => p !== 'better-sqlite3')
    expect([...new Set(loaded)]).toEqual([])
  }, 120_000)
})
