/**
 * Issue 22, the team ledger for the auditor: `rekap team report --month` writes the month's report
 * (per desk and operator: jobs, calls, charges, reuses, decisions; every charge and decision) with
 * the same digest as job reports, `rekap verify` accepts it and names the sheet of an edit, and a
 * role shared by several desks is reported as not authenticated. Read back by openpyxl.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import pg from 'pg'
import { startTestTeam, buildDoubtfulFaceJob, runRekap, type TestTeam } from './team-fixture'
import { stopAllDesks } from './desks-fixture'
import { openpyxlRows } from '../../helpers/report-readers'

// a failed or timed-out test leaves no rekap process running
afterEach(stopAllDesks)

const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7)

describe('rekap team report', () => {
  let team: TestTeam
  let jobId: string
  const asRole = async (role: string, sql: string, params: unknown[]): Promise<void> => {
    const c = new pg.Client(team.server.clientConfig({ user: role, password: team.password(role), database: team.database }))
    await c.connect()
    await c.query(sql, params)
    await c.end()
  }
  beforeAll(async () => {
    team = await startTestTeam()
    expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
    for (const r of ['alice', 'bob']) await team.addOperator(r)
    jobId = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), 3)
    expect((await team.rekap('alice', ['team', 'publish', jobId], { desk: 'loket-1' })).code).toBe(0)
    // the ledger lines a desk's coordination writes: two charges and one free reuse
    const ins = `INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, reused) VALUES ($1, 'face-match', $2, 'loket-1', $3, $4)`
    await asRole('alice', ins, ['pair-1', jobId, 400, false])
    await asRole('alice', ins, ['pair-2', jobId, 400, false])
    await asRole('alice', ins, ['pair-3', jobId, 0, true])
    // a request a dead desk had sent but never settled (what sweep_dead_reservations writes): maybe charged
    await asRole('alice', `INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, reused, uncertain) VALUES (NULL, 'face-match', $1, 'loket-1', 400, false, true)`, [jobId])
    const next = await team.rekap('bob', ['review', '--next', '--count', '2', '--json'], { desk: 'loket-2' })
    const ids = JSON.parse(next.stdout).items.map((i: { id: number }) => i.id).join(',')
    expect((await team.rekap('bob', ['review', '--item', ids, '--decision', 'approve', '--note', 'sama'], { desk: 'loket-2' })).code).toBe(0)
  })
  afterAll(async () => team?.stop())

  it('writes the month per desk and operator, every charge and decision; verify says unchanged', async () => {
    const out = join(team.dir, 'tim.xlsx')
    const r = await team.rekap('bob', ['team', 'report', '--month', month, '--out', out], { desk: 'loket-2' })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`team report of ${month} written to ${out}`)
    const book = openpyxlRows(out)
    expect(Object.keys(book)).toEqual(['Summary', 'By desk and operator', 'Charges', 'Decisions'])
    const by = book['By desk and operator']
    expect(by[0]).toEqual([
      'Desk', 'Operator (database role)', 'Jobs', 'Calls', 'Charges', 'Amount', 'Reuses', 'Decisions', 'Uncertain charges (desk died)', 'Uncertain amount (desk died)',
    ])
    expect(by.slice(1)).toEqual([
      ['loket-1', 'alice', 1, 3, 3, 1200, 1, 0, 1, 400],
      ['loket-2', 'bob', 0, 0, 0, 0, 0, 2, 0, 0],
    ])
    expect(book.Charges.length).toBe(5)
    // the uncertain charges' own total in the summary: overall and per desk/operator that has any
    const line = (label: string): unknown[] | undefined => book.Summary.find((row) => row[0] === label)
    expect(line('Uncertain charges (desk died), all desks')?.[1]).toBe(1)
    expect(line('Uncertain amount (desk died), all desks')?.[1]).toBe(400)
    expect(line('Uncertain amount (desk died), loket-1 / alice')?.[1]).toBe(400)
    expect(line('Uncertain amount (desk died), loket-2 / bob')).toBeUndefined()
    expect(book.Decisions.slice(1).map((d) => [d[1], d[2], d[3], d[4], d[6], d[7]])).toEqual([
      ['loket-2', 'bob', 'loket-1', jobId, 'approve', 'sama'],
      ['loket-2', 'bob', 'loket-1', jobId, 'approve', 'sama'],
    ])
    const summary = book.Summary.map((row) => row.join(' '))
    expect(summary.join('\n')).toContain('Operators and deciders are database roles that each sign in on their own')
    const v = await runRekap(['verify', out], { REKAP_DB: join(team.dir, 'none.db') })
    expect(v.stdout).toContain(`unchanged: ${out} is the team report of ${month} rekap wrote`)
    expect(v.code).toBe(0)
  })

  it('an edited team report fails verify, naming the sheet', async () => {
    const out = join(team.dir, 'tim-id.xlsx')
    const r = await team.rekap('bob', ['team', 'report', '--month', month, '--out', out], { env: { REKAP_LANG: 'id' } })
    expect(r.code).toBe(0)
    const idBook = openpyxlRows(out)
    expect(Object.keys(idBook)).toEqual(['Ringkasan', 'Per meja dan operator', 'Tagihan', 'Keputusan'])
    expect(idBook.Ringkasan.find((row) => row[0] === 'Jumlah tidak pasti (meja mati), semua meja')?.[1]).toBe(400)
    expect(idBook.Ringkasan.find((row) => row[0] === 'Jumlah tidak pasti (meja mati), loket-1 / alice')?.[1]).toBe(400)
    expect((await runRekap(['verify', out], { REKAP_DB: join(team.dir, 'none.db') })).code).toBe(0)
    const edited = join(team.dir, 'tim-edited.xlsx')
    execFileSync('/usr/bin/python3', ['-c', `import openpyxl,sys
wb=openpyxl.load_workbook(sys.argv[1]); ws=wb['Per meja dan operator']; ws['F2']=1; wb.save(sys.argv[2])`, out, edited])
    const v = await runRekap(['verify', edited], { REKAP_DB: join(team.dir, 'none.db') })
    expect(v.code).toBe(1)
    expect(v.stdout).toContain(`CHANGED: ${edited} is not the team report of ${month} rekap wrote`)
    expect(v.stdout).toContain('Per meja dan operator')
  })

  it('one role on two desks: the report says names were not authenticated', async () => {
    // alice signs in from a second desk: her role no longer tells people apart
    expect((await team.rekap('alice', ['team', 'status'], { desk: 'loket-3' })).code).toBe(0)
    const out = join(team.dir, 'tim-shared.xlsx')
    expect((await team.rekap('bob', ['team', 'report', '--month', month, '--out', out])).code).toBe(0)
    const summary = openpyxlRows(out).Summary.map((row) => row.join(' ')).join('\n')
    expect(summary).toContain('Operator and decider names are NOT authenticated: one database role is used by more than one desk')
  })
})
