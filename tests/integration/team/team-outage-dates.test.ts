/**
 * Audit truth: a charge answered while the team store was away is dated when it was answered, not
 * when its settle was flushed. A desk's requests already on their way finish during the outage;
 * their rows and charges are in its SQLite ledger at their answer, their settles wait in the
 * link's outbox. When the store is back, the team report must date each of those charges as the
 * desk's ledger does: an outage across a month's end otherwise puts them into the next month of
 * the team report and budget while the desk's own figures keep them in the month they happened.
 * Real PostgreSQL (stopped and started again), a real sandbox, a real `rekap run` process; the
 * outage is measured to last well past the answers (times compared, not slept on).
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/core/store'
import { openpyxlRows } from '../../helpers/report-readers'
import { facePairs, pairsFile, startDesk, waitFor, type Desk } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

// answers take ~1 s: requests are on their way when the store stops
const rig = useTeamWithSandbox({ operators: ['op1'], sandbox: { args: ['--latency', '1000'] } })

/** Longer than any settle lag: a charge dated at the flush is this far from its answer. */
const OUTAGE_PAST_ANSWERS_MS = 6000
const WIB_MS = 7 * 3600_000

const jobIdOf = (desk: Desk): string | undefined => /job (j\w+)/.exec(desk.out())?.[1]

/** The desk's own ledger: each charged pair and when the desk stored its answer (ms). */
function deskCharges(desk: Desk, jobId: string): Map<string, number> {
  const db = openDatabase(desk.db, { readonly: true })
  try {
    const rows = db
      .prepare(`SELECT r.unit_key AS pair, c.at FROM charges c JOIN job_rows r ON r.job_id = c.job_id AND r.row_no = c.row_no WHERE c.job_id = ? AND c.points > 0`)
      .all(jobId) as Array<{ pair: string; at: number }>
    return new Map(rows.map((r) => [r.pair, r.at]))
  } finally {
    db.close()
  }
}

function deskState(desk: Desk, jobId: string): { state: string; inFlight: number } {
  const db = openDatabase(desk.db, { readonly: true })
  try {
    const j = db.prepare('SELECT state FROM jobs WHERE id = ?').get(jobId) as { state: string }
    const f = db.prepare(`SELECT count(*) AS n FROM job_rows WHERE job_id = ? AND state = 'in-flight'`).get(jobId) as { n: number }
    return { state: j.state, inFlight: f.n }
  } finally {
    db.close()
  }
}

const ledger = async (): Promise<unknown[]> => (await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges
const requests = async (): Promise<unknown[]> => (await rig.sandbox.admin('GET', '/_sandbox/requests')).requests

describe('charges answered during a team store outage', () => {
  it('are dated in the team report at their answer, as the desk ledger dates them, not at the flush', async () => {
    const desk = startDesk({
      team: rig.team, sandbox: rig.sandbox, role: 'op1', name: 'outage-dates',
      args: ['run', pairsFile(rig.team.dir, 'outage-dates.csv', facePairs(0, 8)), '--kind', 'face-match', '--concurrency', '2', '--allow-outside-paths'],
    })
    // some charges settled while the store answered, and requests on their way now
    await waitFor(async () => [(await ledger()).length, (await requests()).length], ([l, r]) => l >= 2 && r > l, 60_000, 20)
    await rig.team.server.pause()
    const pausedAt = Date.now()
    const jobId = jobIdOf(desk)!
    expect(jobId).toBeDefined()

    // the requests on their way are answered and stored; the job waits for the store
    await waitFor(() => deskState(desk, jobId), (s) => s.state === 'blocked' && s.inFlight === 0, 30_000)
    const answeredDuringOutage = [...deskCharges(desk, jobId).values()].filter((at) => at > pausedAt)
    expect(answeredDuringOutage.length, 'some charges were answered while the store was away').toBeGreaterThan(0)
    const lastAnswer = Math.max(...answeredDuringOutage)
    await waitFor(() => Date.now(), (now) => now >= lastAnswer + OUTAGE_PAST_ANSWERS_MS, 30_000, 100)

    await rig.team.server.start()
    const restartedAt = Date.now()
    const end = await desk.done
    expect(end.code, end.out).toBe(0)

    // the team report of this month (WIB): every charge at the time the desk's ledger has it
    const month = (await rig.team.query(`SELECT to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM') AS m`)).rows[0].m as string
    const out = join(rig.team.dir, 'outage-dates.xlsx')
    const r = await rig.team.rekap('op1', ['team', 'report', '--month', month, '--tz', 'Asia/Jakarta', '--out', out])
    expect(r.code, r.stderr).toBe(0)
    const sheet = openpyxlRows(out).Charges
    expect(sheet[0][0]).toBe('Time (WIB)')
    const teamAt = new Map(sheet.slice(1).map((row) => [String(row[5]), Date.parse(`${row[0]}Z`) - WIB_MS]))

    const mine = deskCharges(desk, jobId)
    expect(mine.size).toBe(8)
    expect([...teamAt.keys()].sort()).toEqual([...mine.keys()].sort())
    const off = [...mine].map(([pair, at]) => ({ pair, answered: at, inOutage: at > pausedAt && at < restartedAt, driftMs: teamAt.get(pair)! - at }))
    // the report shows whole seconds: a charge is in the second of its answer, or the next (settle lag)
    for (const o of off) expect(Math.abs(o.driftMs), JSON.stringify(o)).toBeLessThan(2000)
    expect(off.filter((o) => o.inOutage).length).toBe(answeredDuringOutage.length)
  }, 180_000)
})
