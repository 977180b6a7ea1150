/**
 * `rekap jobs delete <job>` in one terminal, `rekap resume <job>` in another (or the app's Resume
 * button, or a prune from Settings while a script retries the job). The delete judged the job
 * deletable when it showed it, then wrote its final report (seconds for a big job; a person's
 * confirmation may take minutes) and deleted it whatever had happened since: a job another
 * process had resumed meanwhile vanished under it, with requests in flight that the service
 * charged and the ledger never saw. The delete now happens only if the job is still as it was
 * shown (same state, same change, same lease), judged in the transaction that deletes it.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { peek } from '../helpers/store-peek'
import { rekap, stopAtFirstLine } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

beforeAll(async () => {
  tmp = makeTempDir('rekap-delete-resumed-')
  // answers take ~150 ms: a 120-row job at concurrency 2 runs for several seconds
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium', '--latency', '150'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

async function waitFor<T>(get: () => T, ok: (v: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 120_000
  for (;;) {
    const v = get()
    if (ok(v)) return v
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

function spawnRekap(args: string[]) {
  return spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
  })
}

describe('a job deleted in one process while another resumes it', () => {
  it('the delete refuses (the job changed since it was shown); the resumed job runs to its end', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const csv = join(tmp.dir, 'codes.csv')
    writeFileSync(csv, ['Kode RS', ...Array.from({ length: 120 }, (_, i) => `NOPE-${i + 1}`)].join('\n'))
    const service = ['--key', sandbox.key, '--base-url', sandbox.url]

    // a job paused part-way, as a person leaves one
    const run = spawnRekap(['run', csv, '--kind', 'hospital-lookup', '--yes', '--concurrency', '2', '--db', db, ...service])
    const ran = new Promise<number | null>((done) => run.once('close', done))
    let runOut = ''
    run.stdout.setEncoding('utf8').on('data', (s: string) => (runOut += s))
    const jobId = (await waitFor(() => /^job (\w+)$/m.exec(runOut), (m) => !!m, 'the job id'))![1]
    const settled = (): number => peek<{ n: number }>(db, "SELECT COUNT(*) AS n FROM job_rows WHERE job_id = ? AND state IN ('done', 'failed')", jobId)?.n ?? 0
    await waitFor(settled, (n) => n >= 5, 'rows answered')
    expect((await rekap(['pause', jobId, '--db', db])).code).toBe(0)
    await ran
    expect(peek<{ state: string }>(db, 'SELECT state FROM jobs WHERE id = ?', jobId)?.state).toBe('paused')

    // the delete has shown the job (paused: deletable) and is stopped there, as at its question
    const del = spawnRekap(['jobs', 'delete', jobId, '--yes', '--db', db, '--report-dir', tmp.dir])
    let delErr = ''
    del.stderr.setEncoding('utf8').on('data', (s: string) => (delErr += s))
    const deleted = new Promise<number | null>((done) => del.once('close', done))
    const shown = await stopAtFirstLine(del)
    expect(shown).toContain(jobId)

    // meanwhile another terminal resumes it, and it runs
    // (the job keeps its service address; resume takes the key)
    const resume = rekap(['resume', jobId, '--db', db, '--key', sandbox.key])
    const before = settled()
    // (a resume that ends first says why, rather than a timeout)
    const ended = resume.then((r) => Promise.reject(new Error(`resume ended: ${r.code}\n${r.out}${r.err}`)))
    const running = (): string | undefined => peek<{ state: string }>(db, 'SELECT state FROM jobs WHERE id = ?', jobId)?.state
    await Promise.race([ended, waitFor(running, (s) => s === 'running', 'the job running again')])
    await waitFor(settled, (n) => n > before, 'the resumed job answering rows')

    del.kill('SIGCONT')
    const delCode = await deleted
    const resumed = await resume
    expect(delCode, delErr).toBe(3)
    expect(delErr).toMatch(/changed since it was shown/)
    expect(resumed.code, resumed.out + resumed.err).toBe(0)
    expect(peek<{ state: string }>(db, 'SELECT state FROM jobs WHERE id = ?', jobId)?.state).toBe('done')
    expect(settled()).toBe(120)
    expect(peek(db, 'SELECT * FROM deleted_jobs WHERE job_id = ?', jobId)).toBeUndefined()
  }, 240_000)
})
