/**
 * Team-mode benchmark: 4 desks on one service key and one team store (a throwaway PostgreSQL 15
 * on loopback), printed as ratios to the plan (the machine is shared and noisy):
 *   1. the shared limiter alone, through the real team coordination (createTeamCoordination, the
 *      pool of 4 connections a desk opens): 4 desk processes x 8 callers,
 *      a. saturated: every caller asks again at once (closed loop): combined turns / plan;
 *      b. below the plan: each caller waits a random time between turns (70% of the plan in all),
 *         as desks whose requests are not queued behind the rate;
 *      in both, the limiter's ADDED COST per request (the issue's "adds <= 5 ms to a request"): the
 *      time from asking for a turn to being let go, less the wait the plan's pacing itself imposes:
 *      done - max(asked, the slot the shared row gave it), the slot by the server's clock
 *      (loopback: the same clock as Date.now()). It holds the round trips the request waited for,
 *      the event loop's delay and the timer's lateness; each is printed beside it;
 *   2. end to end: 4 real `rekap run` processes with --team, hospital lookups on the real sandbox
 *      (which enforces the per-key rate): combined rate / plan and the share answered 429.
 * The last lines say met / not met against the issue's targets, with the load average.
 *
 *   npx tsx bench/team.ts [plan=standard|premium] [seconds=10] [rows-per-desk=150]
 */
import { spawn } from 'node:child_process'
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../tests/helpers/postgres-server'
import { startSandboxProcess } from '../tests/helpers/sandbox-process'
import { migrateTeamStore, type TeamSession } from '../src-main/core/team'
import { createTeamCoordination } from '../src-main/core/coordination/team/team-coordination'
import type { TurnSeen } from '../src-main/core/coordination/team/team-rate'
import { openStore } from '../src-main/core/store'
import { systemClock, type Clock } from '../src-main/core/context'
import { hospitalRps } from '../src-main/core/model/plans'

const self = fileURLToPath(import.meta.url)
const DESKS = 4
const CALLERS = 8
const BELOW_PLAN = 0.7

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN
}
const ms = (x: number): string => x.toFixed(2)

/** Milliseconds since the epoch with sub-millisecond steps (Date.now() has whole ms): set on Date.now()'s tick. */
function fineWallClock(): () => number {
  const first = Date.now()
  let tick = first
  while (tick === first) tick = Date.now()
  const offset = tick - performance.now()
  return () => offset + performance.now()
}

interface DeskOut {
  phase: 'saturated' | 'below'
  added: number[]
  placed: number[]
  late: number[]
  roundTrips: number[]
  stamps: number[]
  statementMs: number[]
  loopDelayP99: number
  loopDelayMax: number
  takes: number
}

/** One desk process of part 1: the real team coordination, `callers` callers for `seconds` per phase; prints JSON lines. */
async function deskLoop(config: pg.PoolConfig, rps: number, seconds: number, callers: number, deskNo: number): Promise<void> {
  const pool = new pg.Pool({ ...config, max: 4 })
  // every statement's round trip on this desk's pool (the limiter's and the lease's)
  let statementMs: number[] = []
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<pg.QueryResult>
  ;(pool as unknown as { query: unknown }).query = async (...a: unknown[]) => {
    const t0 = performance.now()
    try {
      return await query(...a)
    } finally {
      statementMs.push(performance.now() - t0)
    }
  }
  const session: TeamSession = { pool, target: {} as TeamSession['target'], desk: `bench-${deskNo}`, role: 'postgres', close: async () => {} }
  const wall = fineWallClock()
  const clock: Clock = { now: wall, sleep: (t, signal) => systemClock.sleep(t, signal) }
  let seen: TurnSeen[] = []
  const store = openStore(':memory:')
  const team = createTeamCoordination({ open: async () => session, store, clock, observeTurns: (t) => seen.push(t) })
  const turns = team.rate('bench-account', 'hospitals', rps)
  await team.link.reachable() // the lease and the first connection (scram) are not the limiter's cost
  await turns.take()
  for (const phase of ['saturated', 'below'] as const) {
    seen = []
    statementMs = []
    const loop = monitorEventLoopDelay({ resolution: 1 })
    loop.enable()
    const until = Date.now() + seconds * 1000
    // below the plan: each caller's mean pause between turns makes all callers together 70% of it
    const meanPause = (DESKS * callers) / (BELOW_PLAN * rps) * 1000
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (Date.now() < until) {
          if (phase === 'below') await systemClock.sleep(-Math.log(1 - Math.random()) * meanPause)
          await turns.take()
        }
      }),
    )
    loop.disable()
    const out: DeskOut = {
      phase,
      added: seen.map((t) => Math.max(0, t.doneAt - Math.max(t.askedAt, t.slotServerAt))),
      // the same, in two parts: where the limiter placed the turn (round trips, the slot's clock) and the timer's lateness
      placed: seen.map((t) => Math.max(0, t.readyAt - Math.max(t.askedAt, t.slotServerAt))),
      late: seen.map((t) => Math.max(0, t.doneAt - t.readyAt)),
      roundTrips: seen.map((t) => t.roundTrips),
      stamps: seen.map((t) => t.doneAt),
      statementMs,
      loopDelayP99: loop.percentile(99) / 1e6,
      loopDelayMax: loop.max / 1e6,
      takes: seen.length,
    }
    process.stdout.write(JSON.stringify(out) + '\n')
  }
  await team.close()
  await pool.end()
  store.close()
}

interface PhaseResult {
  phase: DeskOut['phase']
  rate: number
  added50: number
  added99: number
  placed99: number
  late99: number
}

async function limiterPart(server: PostgresServer, database: string, rps: number, seconds: number): Promise<PhaseResult[]> {
  const config = server.clientConfig({ database })
  const outs = await Promise.all(
    Array.from({ length: DESKS }, (_, i) => {
      const child = spawn(process.execPath, ['--import', 'tsx', self, '--desk', JSON.stringify(config), String(rps), String(seconds), String(CALLERS), String(i)], { stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
      return new Promise<DeskOut[]>((done) => child.once('exit', () => done(out.trim().split('\n').map((l) => JSON.parse(l) as DeskOut))))
    }),
  )
  const results: PhaseResult[] = []
  console.log(`limiter: ${DESKS} desks x ${CALLERS} callers, real team coordination, plan ${rps} rps, ${seconds} s per phase`)
  for (const phase of ['saturated', 'below'] as const) {
    const mine = outs.map((o) => o.find((x) => x.phase === phase)!)
    const stamps = mine.flatMap((o) => o.stamps).sort((a, b) => a - b)
    const from = stamps[0] + 1000 // the first second aside (4 processes starting, or the phase changing)
    const steady = stamps.filter((t) => t >= from)
    // saturated: what the row gives in the steady part; below the plan: what the callers asked for in all
    const rate = phase === 'saturated' ? steady.length / ((steady[steady.length - 1] - from) / 1000) : stamps.length / seconds
    const added = mine.flatMap((o) => o.added)
    const trips = mine.flatMap((o) => o.roundTrips)
    const stmt = mine.flatMap((o) => o.statementMs)
    const takes = mine.reduce((a, o) => a + o.takes, 0)
    const onPath = trips.filter((n) => n > 0).length
    const placed = mine.flatMap((o) => o.placed)
    const late = mine.flatMap((o) => o.late)
    const r: PhaseResult = { phase, rate, added50: pct(added, 50), added99: pct(added, 99), placed99: pct(placed, 99), late99: pct(late, 99) }
    results.push(r)
    const what = phase === 'saturated' ? 'saturated (closed loop)' : `below the plan (callers paced to ${BELOW_PLAN * 100}% of it)`
    console.log(`  ${what}: combined ${rate.toFixed(2)} turns/s = ${(rate / rps).toFixed(3)} of the plan`)
    console.log(`    added cost per request p50 ${ms(r.added50)} ms, p99 ${ms(r.added99)} ms, max ${ms(Math.max(...added))} ms`)
    const split = (waited: boolean): number[] => added.filter((_, i) => trips[i] > 0 === waited)
    const inHand = split(false)
    const inLine = split(true)
    console.log(`    requests that waited on a round trip to the store: ${onPath} of ${takes} (${((onPath / takes) * 100).toFixed(1)}%); statements ${stmt.length}, round trip p50 ${ms(pct(stmt, 50))} ms, p99 ${ms(pct(stmt, 99))} ms`)
    console.log(`    added cost, slot in hand: p50 ${ms(pct(inHand, 50))} ms, p99 ${ms(pct(inHand, 99))} ms (${inHand.length}); waited on the store: p50 ${ms(pct(inLine, 50))} ms, p99 ${ms(pct(inLine, 99))} ms (${inLine.length})`)
    console.log(`    of it, the limiter's placement (round trips, the slot's clock): p50 ${ms(pct(placed, 50))} ms, p99 ${ms(pct(placed, 99))} ms; the timer's lateness (event loop, CPU): p50 ${ms(pct(late, 50))} ms, p99 ${ms(pct(late, 99))} ms`)
    console.log(`    event loop delay per desk, p99 / max: ${mine.map((o) => `${ms(o.loopDelayP99)} / ${ms(o.loopDelayMax)}`).join(', ')} ms`)
  }
  await whereTheTimeGoes(config)
  return results
}

/**
 * Where a statement's time goes: one caller, the limiter's statement shape 1,000 times in a row,
 * timed by the client (round trip) and by the server (clock_timestamp() - statement_timestamp() at
 * its end: parse, the row's lock and update). What the client sees beyond the server's time is
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
  console.log(`  the statement alone, one caller, 1,000 turns: round trip p50 ${ms(pct(rtt, 50))} ms, p99 ${ms(pct(rtt, 99))} ms; in the server p50 ${pct(srv, 50).toFixed(3)} ms, p99 ${pct(srv, 99).toFixed(3)} ms`)
}

async function endToEnd(server: PostgresServer, database: string, plan: 'standard' | 'premium', rows: number): Promise<{ share: number; refused: number; sent: number }> {
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
    return { share: rate / rps, refused, sent: at.length }
  } finally {
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const plan = (process.argv[2] === 'premium' ? 'premium' : 'standard') as 'standard' | 'premium'
  const seconds = Number(process.argv[3] ?? 10)
  const rows = Number(process.argv[4] ?? 150)
  const loadBefore = loadavg()
  console.log(`machine: ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`)
  const server = await startPostgresServer()
  let phases: PhaseResult[]
  let e2e: { share: number; refused: number; sent: number }
  try {
    const database = await server.createDatabase('bench_team')
    const pool = new pg.Pool(server.clientConfig({ database }))
    await migrateTeamStore(pool)
    await pool.end()
    phases = await limiterPart(server, database, hospitalRps(plan), seconds)
    e2e = await endToEnd(server, database, plan, rows)
  } finally {
    await server.stop()
  }
  const loadAfter = loadavg()
  // the issue's two targets, each judged on its worst reading of this run
  const worst = phases.reduce((a, b) => (b.added99 > a.added99 ? b : a))
  const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met')
  console.log(`summary (${plan} plan, ${hospitalRps(plan)} rps; load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after, ${cpus().length} cores):`)
  console.log(`  limiter's added cost per request: p50 ${ms(worst.added50)} ms, p99 ${ms(worst.added99)} ms (the ${worst.phase} phase, the worse p99 of the two): ${verdict(worst.added99 <= 5)} (target p99 <= 5 ms)`)
  const placedWorst = Math.max(...phases.map((p) => p.placed99))
  console.log(`    of it, the limiter's placement p99 ${ms(worst.placed99)} ms, the timer's lateness p99 ${ms(worst.late99)} ms (a limiter in the desk's own process is late alike)`)
  console.log(`  the shared limiter's own part (placement: round trips, the slot's clock), worse phase: p99 ${ms(placedWorst)} ms: ${verdict(placedWorst <= 5)} (target p99 <= 5 ms)`)
  console.log(`  4 desks end to end: ${e2e.share.toFixed(3)} of the plan, ${e2e.refused} of ${e2e.sent} answered 429: ${verdict(e2e.share >= 0.95 && e2e.refused === 0)} (target >= 0.95, no 429)`)
}

if (process.argv[2] === '--desk') {
  void deskLoop(JSON.parse(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6]), Number(process.argv[7]))
} else {
  void main()
}
