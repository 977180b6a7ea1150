/**
 * Team-mode benchmark: 4 desks on one service key and one team store (a throwaway PostgreSQL 15
 * on loopback), printed as ratios to the plan (the machine is shared and noisy):
 *   1. the shared limiter alone: 4 desk processes take turns from one GCRA row as fast as their
 *      concurrency allows; combined turns per second / plan rate, the time each turn waited for
 *      the limiter (p50/p99, in plan intervals) and the limiter's added cost per request (the one
 *      UPDATE's round trip, p50/p99 ms; target <= 5 ms p99);
 *   2. end to end: 4 real `rekap run` processes with --team, hospital lookups on the real sandbox
 *      (which enforces the per-key rate): combined rate / plan and the share answered 429.
 *
 *   npx tsx bench/team.ts [plan=standard|premium] [seconds=10] [rows-per-desk=150]
 */
import { spawn } from 'node:child_process'
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../tests/helpers/postgres-server'
import { startSandboxProcess } from '../tests/helpers/sandbox-process'
import { migrateTeamStore } from '../src-main/core/team'
import { teamRateTurns } from '../src-main/core/coordination/team/team-rate'
import type { TeamLink } from '../src-main/core/coordination/team/team-link'
import { systemClock, type Clock } from '../src-main/core/context'
import { hospitalRps } from '../src-main/core/model/plans'

const self = fileURLToPath(import.meta.url)
const DESKS = 4

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN
}

/** One desk process of part 1: takes turns with `concurrency` callers for `seconds`; prints JSON. */
async function deskLoop(config: pg.PoolConfig, rps: number, seconds: number, concurrency: number): Promise<void> {
  const pool = new pg.Pool({ ...config, max: concurrency })
  const link = { q: (sql: string, params?: unknown[]) => pool.query(sql, params), eventually: () => {} } as unknown as TeamLink
  const waits: number[] = []
  const costs: number[] = []
  const stamps: number[] = []
  const until = Date.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      // each caller its own clock: the moment it is asked to sleep is when the statement answered
      let t0 = 0
      let answered = 0
      const clock: Clock = { now: () => Date.now(), sleep: (ms, signal) => ((answered = performance.now()), systemClock.sleep(ms, signal)) }
      const turns = teamRateTurns(link, clock, 'bench-account', 'hospitals', rps)
      await turns.take() // the first turn opens the connection (scram, TLS): not the limiter's cost
      while (Date.now() < until) {
        t0 = performance.now()
        answered = 0
        await turns.take()
        const end = performance.now()
        costs.push((answered || end) - t0)
        waits.push(end - t0)
        stamps.push(Date.now())
      }
    }),
  )
  await pool.end()
  process.stdout.write(JSON.stringify({ waits, costs, stamps }) + '\n')
}

async function limiterPart(server: PostgresServer, database: string, rps: number, seconds: number): Promise<void> {
  const config = server.clientConfig({ database })
  const outs = await Promise.all(
    Array.from({ length: DESKS }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', self, '--desk', JSON.stringify(config), String(rps), String(seconds), '8'], { stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
      return new Promise<{ waits: number[]; costs: number[]; stamps: number[] }>((done) => child.once('exit', () => done(JSON.parse(out))))
    }),
  )
  const stamps = outs.flatMap((o) => o.stamps).sort((a, b) => a - b)
  const from = stamps[0] + 1000 // the first second aside (4 processes starting)
  const steady = stamps.filter((t) => t >= from)
  const rate = steady.length / ((steady[steady.length - 1] - from) / 1000)
  const slot = 1000 / rps
  const waits = outs.flatMap((o) => o.waits)
  const costs = outs.flatMap((o) => o.costs)
  console.log(`limiter: ${DESKS} desks x 8 callers, plan ${rps} rps, ${seconds} s`)
  console.log(`  combined ${rate.toFixed(2)} turns/s = ${(rate / rps).toFixed(3)} of the plan`)
  // a closed loop: every caller asks again at once, so a turn waits for the callers ahead of it (32 / plan)
  console.log(`  wait per turn p50 ${pct(waits, 50).toFixed(1)} ms (${(pct(waits, 50) / slot).toFixed(2)} plan intervals), p99 ${pct(waits, 99).toFixed(1)} ms (${(pct(waits, 99) / slot).toFixed(2)})`)
  console.log(`  limiter's added cost per request (one UPDATE on loopback) p50 ${pct(costs, 50).toFixed(2)} ms, p99 ${pct(costs, 99).toFixed(2)} ms`)
  await whereTheTimeGoes(config)
}

/**
 * Where the limiter's cost goes: one caller, the same statement 1,000 times in a row, timed by
 * the client (round trip) and by the server (clock_timestamp() - statement_timestamp() at its
 * end: parse, the row's lock and update). What the client sees beyond the server's time is
 * loopback and waiting to be scheduled (both processes need a core).
 */
async function whereTheTimeGoes(config: pg.PoolConfig): Promise<void> {
  const client = new pg.Client(config)
  await client.connect()
  const rtt: number[] = []
  const srv: number[] = []
  for (let i = 0; i < 1000; i++) {
    const t0 = performance.now()
    const r = await client.query(
      `WITH up AS (INSERT INTO rekap.rate_limits AS l (account, product, tat, rps) VALUES ('bench-alone', 'hospitals', clock_timestamp(), 1e6)
         ON CONFLICT (account, product) DO UPDATE SET tat = greatest(l.tat, clock_timestamp() - interval '1 microsecond') + interval '1 microsecond' RETURNING tat)
       SELECT extract(epoch FROM (tat - clock_timestamp())) AS wait, extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000 AS server_ms FROM up`,
    )
    rtt.push(performance.now() - t0)
    srv.push(Number(r.rows[0].server_ms))
  }
  await client.end()
  console.log(`  one caller alone, 1,000 turns: round trip p50 ${pct(rtt, 50).toFixed(2)} ms, p99 ${pct(rtt, 99).toFixed(2)} ms; in the server p50 ${pct(srv, 50).toFixed(3)} ms, p99 ${pct(srv, 99).toFixed(3)} ms`)
}

async function endToEnd(server: PostgresServer, database: string, plan: 'standard' | 'premium', rows: number): Promise<void> {
  const rps = hospitalRps(plan)
  const sandbox = await startSandboxProcess({ args: ['--hospital-plan', plan, '--monthly-quota', '10000000'] })
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-team-'))
  const pw = join(dir, 'pw')
  writeFileSync(pw, server.superuser.password + '\n', { mode: 0o600 })
  try {
    const t0 = Date.now()
    await Promise.all(
      Array.from({ length: DESKS }, (_, i) => {
        const file = join(dir, `d${i}.csv`)
        writeFileSync(file, ['Kode RS', ...Array.from({ length: rows }, (_, n) => `B${i}-${n}`)].join('\n') + '\n')
        const args = ['bin/rekap.mjs', 'run', file, '--kind', 'hospital-lookup', '--hospital-plan', plan, '--concurrency', plan === 'premium' ? '10' : '4',
          '--base-url', sandbox.url, '--db', join(dir, `d${i}.db`), '--yes', '--team', server.url({ database }), '--team-password-file', pw, '--team-desk', `bench-${i}`]
        const child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, REKAP_API_KEY: sandbox.key, REKAP_TEAM: '', PGPASSWORD: '' } })
        return new Promise((done) => child.once('exit', done))
      }),
    )
    const log = ((await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ at: number; product: string }>).filter((r) => r.product === 'hospitals' && r.at >= t0)
    const at = log.map((r) => r.at).sort((a, b) => a - b)
    const rate = (at.length - 11) / ((at[at.length - 6] - at[5]) / 1000)
    const refused = at.length - DESKS * rows
    console.log(`end to end: ${DESKS} rekap processes x ${rows} hospital lookups, ${plan} plan (${rps} rps)`)
    console.log(`  combined ${rate.toFixed(2)} rps = ${(rate / rps).toFixed(3)} of the plan; ${refused} of ${at.length} answered 429 (${((refused / at.length) * 100).toFixed(2)}%)`)
  } finally {
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const plan = (process.argv[2] === 'premium' ? 'premium' : 'standard') as 'standard' | 'premium'
  const seconds = Number(process.argv[3] ?? 10)
  const rows = Number(process.argv[4] ?? 150)
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  const server = await startPostgresServer()
  try {
    const database = await server.createDatabase('bench_team')
    const pool = new pg.Pool(server.clientConfig({ database }))
    await migrateTeamStore(pool)
    await pool.end()
    await limiterPart(server, database, hospitalRps(plan), seconds)
    await endToEnd(server, database, plan, rows)
  } finally {
    await server.stop()
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
}

if (process.argv[2] === '--desk') {
  void deskLoop(JSON.parse(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6]))
} else {
  void main()
}
