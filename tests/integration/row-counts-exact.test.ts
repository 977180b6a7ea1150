/**
 * The row counts a progress snapshot, `rekap jobs` and the reports state are kept by triggers
 * (migration 5), not counted on each read. After a real run that had everything happen to its
 * rows they must still equal a full count: a `rekap run` process killed with SIGKILL twice with
 * requests in flight and resumed (the rows left in flight go back in line), a sandbox failing 15% of the requests (500s
 * and dropped answers: rows retried), codes the service does not know (failed), codes that fail
 * pre-flight (never sent), duplicates, and a retry-failed round at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { fullRowCounts } from '../helpers/full-row-counts'
import { openStore } from '../../src-main/core/store'
import { jobFigures } from '../../src-main/core/reports/job-figures'
import { generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'
import { startRekapMerged } from '../helpers/rekap-process'

const KNOWN = generateHospitals(1, loadRegionTree())
  .map((h) => h.code)
  .slice(0, 240)
const UNKNOWN = Array.from({ length: 40 }, (_, i) => `ZZ${String(i).padStart(6, '0')}`)
const INVALID = Array.from({ length: 12 }, (_, i) => `kode salah ${i}`)
// duplicates of known and unknown codes; a fixed interleaving spreads every kind through the file
const CODES = [...KNOWN, ...UNKNOWN, ...INVALID, ...KNOWN.slice(0, 30), ...UNKNOWN.slice(0, 8)]
  .map((code, i) => ({ code, at: (i * 7919) % 331 }))
  .sort((a, b) => a.at - b.at)
  .map((e) => e.code)

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

async function waitFor(pred: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms
  while (!pred()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Settled rows of the job, read through a second connection (WAL: the running process is not disturbed). */
function settled(db: string, jobId: string): number {
  const store = openStore(db)
  try {
    const c = store.rows.counts(jobId)
    return c.done + c.failed - c.localFailures
  } finally {
    store.close()
  }
}

beforeAll(async () => {
  tmp = makeTempDir()
  writeFileSync(join(tmp.dir, 'codes.csv'), ['Kode RS', ...CODES].join('\n'))
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium', '--fail-rate', '0.15', '--latency', '100'] })
})

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('trigger-kept row counts after a real run', () => {
  it('equal a full count in the store, in `rekap jobs` and in the report figures after kills, retries, failures and retry-failed', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const common = ['--db', db, '--key', sandbox.key]
    let run = startRekapMerged(['run', join(tmp.dir, 'codes.csv'), '--base-url', sandbox.url, '--yes', '--concurrency', '8', '--rps', '80', ...common])
    await waitFor(() => /job (j\w+)/.test(run.out()), 120_000, 'the job id')
    const jobId = /job (j\w+)/.exec(run.out())![1]

    // two kills while rows are being sent, each after more rows have settled
    // (a request takes 50-150 ms at the sandbox, so 8 are in flight at any time: the kill leaves them;
    // what is asserted is the counts, not the pace: a short latency keeps the file's wall time low)
    for (const atLeast of [40, 120]) {
      await waitFor(() => settled(db, jobId) >= atLeast, 120_000, `${atLeast} settled rows`)
      run.kill()
      await run.done
      const s = openStore(db)
      try {
        const c = s.rows.counts(jobId)
        expect(c).toEqual(fullRowCounts(s.db, jobId))
        expect(c.inFlight, 'rows left in flight by the kill').toBeGreaterThan(0)
      } finally {
        s.close()
      }
      run = startRekapMerged(['resume', jobId, ...common])
    }
    const end = await run.done
    expect(end.code, end.out).toBe(0)
    const retry = await startRekapMerged(['retry-failed', jobId, ...common]).done
    expect(retry.code, retry.out).toBe(0)

    const store = openStore(db)
    try {
      const full = fullRowCounts(store.db, jobId)
      expect(store.rows.counts(jobId)).toEqual(full)
      expect(full).toMatchObject({ total: CODES.length, pending: 0, inFlight: 0, uncertain: 0, localFailures: INVALID.length })
      // what the run went through: unknown codes failed (twice: retry-failed sent them again), requests retried
      expect(full.failed).toBe(UNKNOWN.length + 8 + INVALID.length)
      expect(full.done).toBe(KNOWN.length + 30)
      const retriedRows = store.db.prepare('SELECT COUNT(*) AS n FROM job_rows WHERE job_id = ? AND attempts > 1').get(jobId) as { n: number }
      expect(retriedRows.n).toBeGreaterThan(0)
      const figures = jobFigures(store, store.jobs.get(jobId)!)
      expect(figures.counts).toEqual(full)
      expect(Object.values(figures.outcomes).reduce((a, n) => a + n!, 0)).toBe(full.total)
    } finally {
      store.close()
    }
    const listed = await startRekapMerged(['jobs', '--json', '--db', db]).done
    const job = (JSON.parse(listed.out.trim().split('\n').pop()!) as Array<{ id: string; counts: Record<string, number> }>).find((j) => j.id === jobId)!
    const full = (() => {
      const s = openStore(db)
      try {
        return fullRowCounts(s.db, jobId)
      } finally {
        s.close()
      }
    })()
    for (const [k, v] of Object.entries(job.counts)) {
      if (typeof v === 'number' && k in full) expect(v, `rekap jobs: ${k}`).toBe(full[k as keyof typeof full])
    }
    console.log(`row counts after 2 kills, ${retried(db, jobId)} retried rows, retry-failed: ${JSON.stringify(job.counts)}`)
  })
})

function retried(db: string, jobId: string): number {
  const s = openStore(db)
  try {
    return (s.db.prepare('SELECT COUNT(*) AS n FROM job_rows WHERE job_id = ? AND attempts > 1').get(jobId) as { n: number }).n
  } finally {
    s.close()
  }
}
