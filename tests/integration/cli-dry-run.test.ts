/**
 * Issue 23 item 4: `rekap run --dry-run` printed "uji coba: tidak ada yang dikirim" yet fetched
 * first pages (a hospital directory plan used a hit, a school one four) and asked for the value
 * lists; and every dry run left one more "Siap" job in History. Now a dry run sends nothing at
 * all (pages come from the cache or stay unknown), and a plan replaces the never-started plans
 * of the same workbook.
 */
import { DEFAULT_FACE_WARMUP_MS } from '../../src-main/app/embedded-sandbox'
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { startScriptedServer } from '../helpers/scripted-server'

function rekap(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'id', ...env } })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })))
}

const tmp = makeTempDir('rekap-dry-run-')
afterAll(() => tmp.cleanup())
const template = (name: string): string => join(REPO_ROOT, 'examples/templates', name)

describe('a dry run sends nothing', () => {
  it('hospital and school directory plans: not one request reaches the service', async () => {
    const service = await startScriptedServer() // records every request; answers none usefully
    try {
      for (const file of ['hospital-directory.xlsx', 'school-directory.xlsx']) {
        const r = await rekap(['run', template(file), '--dry-run', '--base-url', service.baseUrl, '--db', join(tmp.dir, 'svc.db')], { REKAP_API_KEY: 'dry-run-key-0001' })
        expect(r.code, r.err).toBe(0)
        expect(r.out).toContain('uji coba: tidak ada yang dikirim')
        expect(r.out).toContain('jumlah halaman belum diketahui')
      }
      expect(service.requests.map((q) => q.path)).toEqual([])
    } finally {
      await service.close()
    }
  })

  it('ten dry runs of one workbook leave one job in History, and it still runs', async () => {
    const db = join(tmp.dir, 'ten.db')
    let last = ''
    for (let i = 0; i < 10; i++) {
      const r = await rekap(['run', template('hospital-directory.xlsx'), '--dry-run', '--db', db])
      expect(r.code, r.err).toBe(0)
      last = /^job (\w+)$/m.exec(r.out)![1]
    }
    const jobs = JSON.parse((await rekap(['jobs', '--json', '--db', db])).out) as Array<{ id: string; state: string }>
    expect(jobs.map((j) => [j.id, j.state])).toEqual([[last, 'ready']])
    const run = await rekap(['resume', last, '--db', db])
    expect(run.code, run.err).toBe(0)
  })

  // issue 23 item 8: the first face plan said "sekitar 4s" for a run of 28 s (the sandbox loads its face engine first);
  // the warm-up is measured and remembered per data file (plan-face-warmup.test.ts), 3 s until it was
  it('a face plan on a cold embedded sandbox includes the face engine warm-up', async () => {
    const r = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--dry-run', '--json', '--db', join(tmp.dir, 'face.db')])
    expect(r.code, r.err).toBe(0)
    const plan = JSON.parse(r.out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!).plan
    expect(plan.callsNeeded).toBeGreaterThan(0)
    // a new data file: the default warm-up (3 s) on top of the pairs at 5/s
    expect(plan.estimatedSeconds).toBe(Math.round(DEFAULT_FACE_WARMUP_MS / 1000) + Math.ceil(plan.callsNeeded / 5))
  })
})
