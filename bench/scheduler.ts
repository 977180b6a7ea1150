/**
 * Scheduler efficiency against the plan's rate bound, and the naive unthrottled burst.
 *   npx tsx bench/scheduler.ts [seconds-per-run]
 * Starts the sandbox in-process (standard plan 20 rps, premium 100 rps), runs hospital
 * lookups through the real engine for about the given seconds, and prints achieved/plan.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '../src-main/sandbox'
import { generateHospitals } from '../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../src-main/core/regions/region-tree'
import { openStore } from '../src-main/core/store'
import { createEngine } from '../src-main/core/engine'
import { defaultContext } from '../src-main/core/context'
import { defaultJobSettings } from '../src-main/core/model/job-settings'
import { createServiceClient, ServiceError } from '../src-main/core/provider'

const SECONDS = Number(process.argv[2] ?? 20)
const codes = generateHospitals(1, loadRegionTree()).map((h) => h.code)
const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-sched-'))

async function rekapRun(plan: 'standard' | 'premium'): Promise<void> {
  const rps = plan === 'premium' ? 100 : 20
  const n = Math.min(codes.length, rps * SECONDS)
  const sandbox = await startSandbox({ port: 0, hospitalPlan: plan, monthlyQuota: 10_000_000 })
  const store = openStore(join(dir, `${plan}.db`))
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: dir,
    resolveTarget: async (s) => ({ baseUrl: s.baseUrl, apiKey: sandbox.keys[0], source: 'bench', sandbox: true }),
  })
  const file = join(dir, `${plan}.csv`)
  writeFileSync(file, ['Kode RS', ...codes.slice(0, n)].join('\n'))
  const none = { 'face-match': null, hospitals: null, schools: null, regional: null }
  const p = await engine.plan({ file, kind: 'hospital-lookup', settings: defaultJobSettings({ baseUrl: sandbox.url, hospitalPlan: plan, concurrency: 16, monthlyQuota: none }) })
  await engine.start(p.jobId)
  const end = await engine.settled(p.jobId)
  const r = store.db.prepare('SELECT MIN(started_at) AS a, MAX(finished_at) AS b, SUM(attempts) AS att FROM job_rows WHERE job_id = ?').get(p.jobId) as { a: number; b: number; att: number }
  const rate = ((n - 1) * 1000) / (r.b - r.a)
  console.log(
    `rekap, ${plan.padEnd(8)} plan ${String(rps).padStart(3)} rps: ${n} rows in ${((r.b - r.a) / 1000).toFixed(1)} s = ${rate.toFixed(2)} rows/s, ` +
      `efficiency ${((rate / rps) * 100).toFixed(1)}%, failed ${end.counts.failed}, extra attempts (429s) ${r.att - n}`,
  )
  await engine.close()
  store.close()
  await sandbox.close()
}

/** The naive client: fire everything at once with a big concurrency, retry blindly on 429. */
async function naiveBurst(): Promise<void> {
  const rps = 20
  const n = rps * SECONDS
  const sandbox = await startSandbox({ port: 0, hospitalPlan: 'standard', monthlyQuota: 10_000_000 })
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys[0] })
  let rejected = 0
  let next = 0
  const t0 = performance.now()
  const worker = async (): Promise<void> => {
    while (next < n) {
      const code = codes[next++]
      for (;;) {
        try {
          await client.hospital(code)
          break
        } catch (e) {
          if (e instanceof ServiceError && e.kind === 'rate-limited') rejected++
          else throw e
        }
      }
    }
  }
  await Promise.all(Array.from({ length: 50 }, worker))
  const s = (performance.now() - t0) / 1000
  console.log(`naive burst, standard plan  20 rps: ${n} rows in ${s.toFixed(1)} s = ${(n / s).toFixed(2)} rows/s, ${rejected} requests answered 429 (${(rejected / n).toFixed(1)} per row)`)
  await sandbox.close()
}

await rekapRun('standard')
await rekapRun('premium')
await naiveBurst()
rmSync(dir, { recursive: true, force: true })
