/**
 * Issue 23 item 8: does the plan's duration hold? For each kind, a real `rekap run --dry-run
 * --json` (the plan, nothing sent) and then the real `rekap resume` of that job, both on the
 * embedded sandbox, timed from outside. Prints plan vs real and the ratio per kind.
 *
 *   npx tsx bench/plan-vs-run.ts            # BENCH_ROWS=1000 by default
 *   BENCH_ROWS=10000 BENCH_KINDS=hospital-lookup,school-lookup npx tsx bench/plan-vs-run.ts
 *
 * Lookups go at the premium hospital plan (100 rps) so 10,000 rows take minutes, not hours; the
 * embedded sandbox follows the stated plan (item 8), so the plan and the run face the same limits.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const N = Number(process.env.BENCH_ROWS ?? 1000)
const KINDS = (process.env.BENCH_KINDS ?? 'hospital-lookup,school-lookup').split(',')
const dir = mkdtempSync(join(tmpdir(), 'rekap-plan-vs-run-'))

function rekap(args: string[]): { out: string; ms: number; code: number | null } {
  const t0 = performance.now()
  const r = spawnSync(process.execPath, ['bin/rekap.mjs', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'en' }, maxBuffer: 1 << 28 })
  return { out: r.stdout + r.stderr, ms: performance.now() - t0, code: r.status }
}

function input(kind: string): { file: string; args: string[] } {
  const file = join(dir, `${kind}.csv`)
  if (kind === 'hospital-lookup') {
    writeFileSync(file, ['Kode RS', ...Array.from({ length: N }, (_, i) => String(3100000 + i))].join('\n') + '\n')
    return { file, args: ['--kind', kind, '--hospital-plan', 'premium'] }
  }
  if (kind === 'school-lookup') {
    writeFileSync(file, ['NPSN', ...Array.from({ length: N }, (_, i) => String(20000000 + i))].join('\n') + '\n')
    return { file, args: ['--kind', kind] }
  }
  throw new Error(`bench/plan-vs-run.ts: no input for ${kind} yet`)
}

console.log(`plan vs run, ${N.toLocaleString('en-US')} rows per kind, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
for (const kind of KINDS) {
  const { file, args } = input(kind)
  const db = join(dir, `${kind}.db`)
  const plan = rekap(['run', file, ...args, '--dry-run', '--json', '--db', db])
  const doc = JSON.parse(plan.out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!)
  const run = rekap(['resume', doc.jobId, '--db', db])
  if (run.code !== 0) throw new Error(`${kind}: resume exited ${run.code}\n${run.out.slice(-2000)}`)
  const planned = doc.plan.estimatedSeconds as number
  const real = run.ms / 1000
  console.log(`${kind.padEnd(16)} plan ${String(planned).padStart(5)} s   real ${real.toFixed(1).padStart(6)} s   real/plan ${(real / Math.max(1, planned)).toFixed(2)}   (${doc.plan.callsNeeded} calls)`)
}
console.log(`load after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
rmSync(dir, { recursive: true, force: true })
