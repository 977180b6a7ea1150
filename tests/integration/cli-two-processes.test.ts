import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { openDatabase } from '../../src-main/core/store'
import { startRekapMerged } from '../helpers/rekap-process'

/**
 * Two real `rekap` processes on one store file (what the CLI and the desktop app are by
 * default). The second may not run a job the first is running; its cancel is a request the
 * first obeys within a second, seen on the sandbox's own request log.
 */
let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

async function waitFor<T>(get: () => T, ok: (v: T) => boolean, ms = 60_000, stepMs = 25): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = get()
    if (ok(v)) return v
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, stepMs))
  }
}

/** Reads the store the way a third party would: its own read-only connection each time. */
function peek<T>(db: string, sql: string, ...args: unknown[]): T | undefined {
  const conn = openDatabase(db, { readonly: true })
  try {
    return conn.prepare(sql).get(...args) as T | undefined
  } finally {
    conn.close()
  }
}

function codes(name: string, n: number): string {
  const file = join(tmp.dir, name)
  writeFileSync(file, ['Kode RS', ...Array.from({ length: n }, (_, i) => `NOPE-${i + 1}`)].join('\n'))
  return file
}

beforeAll(async () => {
  tmp = makeTempDir()
  // Answers take ~150 ms, so a 150-row job at concurrency 2 runs for several seconds.
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium', '--latency', '150'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('two rekap processes, one store', () => {
  it('resume of a job another process runs is refused (exit 3, names the owner); the running job is untouched and ends cleanly', async () => {
    const db = join(tmp.dir, 'two-a.db')
    const common = ['--db', db, '--key', sandbox.key, '--base-url', sandbox.url]
    const a = startRekapMerged(['run', codes('a.csv', 150), '--kind', 'hospital-lookup', '--yes', '--concurrency', '2', ...common])
    const jobId = (await waitFor(() => /job (j\w+)/.exec(a.out()), (m) => !!m))![1]
    await waitFor(() => peek<{ n: number }>(db, "SELECT COUNT(*) AS n FROM job_rows WHERE job_id = ? AND state = 'failed'", jobId)?.n ?? 0, (n) => n >= 5)
    const transitionsBefore = peek<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM job_transitions WHERE job_id = ?', jobId)!.n

    const b = startRekapMerged(['resume', jobId, '--db', db, '--key', sandbox.key])
    const refused = await b.done
    expect(refused.code, refused.out).toBe(3)
    expect(refused.out).toContain(`pid ${a.pid} on host`)
    expect(refused.out).toMatch(/nothing was changed/)
    // the second process wrote no transition (no pause, no recovery of the first one's rows)
    expect(peek<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM job_transitions WHERE job_id = ?', jobId)!.n).toBe(transitionsBefore)

    const end = await a.done
    expect(end.code, end.out).toBe(0)
    expect(end.out).not.toMatch(/RowTransitionError|cannot go from/)
    const counts = peek<{ total: number; settled: number }>(
      db,
      "SELECT COUNT(*) AS total, SUM(state IN ('done', 'failed')) AS settled FROM job_rows WHERE job_id = ?",
      jobId,
    )!
    expect(counts).toEqual({ total: 150, settled: 150 })
    expect(peek<{ state: string }>(db, 'SELECT state FROM jobs WHERE id = ?', jobId)!.state).toBe('done')
    expect(peek(db, 'SELECT * FROM job_leases WHERE job_id = ?', jobId)).toBeUndefined()
  }, 180_000)

  it('cancel from another process: the runner starts no request more than 1 s after the request and exits as cancelled', async () => {
    const db = join(tmp.dir, 'two-b.db')
    const common = ['--db', db, '--key', sandbox.key, '--base-url', sandbox.url]
    await sandbox.admin('POST', '/_sandbox/reset-usage')
    const a = startRekapMerged(['run', codes('b.csv', 400), '--kind', 'hospital-lookup', '--yes', '--concurrency', '2', ...common])
    const jobId = (await waitFor(() => /job (j\w+)/.exec(a.out()), (m) => !!m))![1]
    await waitFor(() => peek<{ n: number }>(db, "SELECT COUNT(*) AS n FROM job_rows WHERE job_id = ? AND state = 'failed'", jobId)?.n ?? 0, (n) => n >= 5)

    const b = startRekapMerged(['cancel', jobId, '--db', db])
    // When the request landed in the store (seen from outside), or at the latest when it was obeyed.
    const requestedAt = await waitFor(
      () =>
        peek<{ requested_at: number | null }>(db, 'SELECT requested_at FROM job_leases WHERE job_id = ?', jobId)?.requested_at ??
        peek<{ at: number }>(db, "SELECT at FROM job_transitions WHERE job_id = ? AND to_state = 'cancelled'", jobId)?.at ??
        null,
      (t) => t !== null,
      60_000,
      5,
    )
    const [asker, runner] = await Promise.all([b.done, a.done])
    expect(asker.code, asker.out).toBe(0)
    expect(asker.out).toContain(`pid ${a.pid}`)
    expect(runner.code, runner.out).toBe(0)
    expect(runner.out).toMatch(/cancelled/)

    const { requests } = (await sandbox.admin('GET', '/_sandbox/requests')) as { requests: Array<{ at: number; product: string }> }
    const hospital = requests.filter((r) => r.product === 'hospitals')
    const late = hospital.filter((r) => r.at > requestedAt! + 1000)
    expect(hospital.length).toBeGreaterThan(5)
    expect(late, `requests started more than 1 s after the cancel request`).toEqual([])
    const row = peek<{ state: string; pending: number; inflight: number }>(
      db,
      `SELECT j.state AS state, SUM(r.state = 'pending') AS pending, SUM(r.state = 'in-flight') AS inflight
       FROM jobs j JOIN job_rows r ON r.job_id = j.id WHERE j.id = ?`,
      jobId,
    )!
    expect(row).toMatchObject({ state: 'cancelled', inflight: 0 })
    expect(row.pending).toBeGreaterThan(0)
    const last = Math.max(...hospital.map((r) => r.at))
    console.log(`cancel from another process: last request ${last - requestedAt!} ms after the request; ${hospital.length} requests in all`)
  }, 180_000)
})
