/**
 * Issue 23 item 8: the README's first command planned "sekitar 24s" for a run of about 5 s: the
 * face engine's warm-up was a fixed 20 s. Now the embedded sandbox measures it (first request to
 * first answered pair) and the store remembers it; a later plan on a cold engine adds that.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

// the README's first command as a user runs it: the sandbox's default face workers (one per core),
// not the one worker vitest.config.ts gives every other test
function rekap(args: string[]): Promise<{ code: number | null; out: string; ms: number }> {
  const t0 = performance.now()
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'en', REKAP_SANDBOX_FACE_WORKERS: '' } })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, ms: performance.now() - t0 })))
}
const planOf = (out: string): { callsNeeded: number; estimatedSeconds: number } =>
  JSON.parse(out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!).plan

const tmp = makeTempDir('rekap-face-warmup-')
afterAll(() => tmp.cleanup())

describe('the face warm-up in a plan is what this machine measured', () => {
  it('a run remembers the warm-up it saw; the next plan adds that, not a fixed 20 s', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const sample = join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx')
    const run = await rekap(['run', sample, '--db', db, '--out', join(tmp.dir, 'r.xlsx')])
    expect(run.code, run.out).toBe(0)
    const store = new Database(db, { readonly: true })
    const row = store.prepare("SELECT value_json FROM settings WHERE key = 'sandbox.faceWarmUpMs'").get() as { value_json: string } | undefined
    store.close()
    expect(row, 'the warm-up was not remembered').toBeDefined()
    const warmUpMs = JSON.parse(row!.value_json) as number
    // measured inside the run: more than nothing, less than the whole process took
    expect(warmUpMs).toBeGreaterThan(0)
    expect(warmUpMs).toBeLessThan(run.ms)
    const plan = planOf((await rekap(['run', sample, '--db', db, '--dry-run', '--json', '--reuse-days', '0'])).out)
    expect(plan.callsNeeded).toBeGreaterThan(0)
    // face pairs at 5/s (2 at a time on the sandbox's ~400 ms) plus the remembered warm-up
    expect(plan.estimatedSeconds).toBe(Math.round(warmUpMs / 1000) + Math.ceil(plan.callsNeeded / 5))
  })
})
