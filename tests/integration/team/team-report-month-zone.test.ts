/**
 * The team report's month is the team's (Asia/Jakarta, WIB), as the Team screen's spend and the
 * budget count it; `--tz` only changes how times are shown. A charge at 23:30 WIB on 30 November
 * (00:30 WITA on 1 December) is November's in `team report --month 2026-11 --tz Asia/Makassar`,
 * shown at 2026-12-01 00:30 (WITA), and not December's. The report of this month, in WITA, totals
 * what `rekap team status` (the Team screen's function) says was spent. Real PostgreSQL, real
 * `rekap` processes, read back by openpyxl.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { stopAllDesks } from './desks-fixture'
import { openpyxlRows } from '../../helpers/report-readers'
import { useTeam } from './team-rig'

afterEach(stopAllDesks)

const INS = `INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, charged_at) VALUES ($1, 'face-match', 'j1', 'loket-1', $2, $3)`
/** Amount and charge count of the "By desk and operator" sheet, over every desk. */
const totals = (book: Record<string, unknown[][]>): { amount: number; charges: number } =>
  book['By desk and operator'].slice(1).reduce<{ amount: number; charges: number }>(
    (t, r) => ({ amount: t.amount + Number(r[5]), charges: t.charges + Number(r[4]) }), { amount: 0, charges: 0 })

const rig = useTeam({ operators: ['op1'] })

describe("the team report's month is the team's (WIB), whatever --tz", () => {
  it('a charge at 23:30 WIB on 30 November is in November of a WITA report, shown at 00:30 WITA on 1 December', async () => {
    await rig.team.query(INS, ['pair-nov-edge', 400, new Date('2026-11-30T16:30:00Z')])
    await rig.team.query(INS, ['pair-nov', 250, new Date('2026-11-10T03:00:00Z')])
    await rig.team.query(INS, ['pair-dec', 900, new Date('2026-12-10T03:00:00Z')])

    const nov = join(rig.team.dir, 'nov-wita.xlsx')
    const r = await rig.team.rekap('op1', ['team', 'report', '--month', '2026-11', '--tz', 'Asia/Makassar', '--out', nov])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const book = openpyxlRows(nov)
    expect(book.Charges[0][0]).toBe('Time (WITA)')
    const edge = book.Charges.find((row) => row[5] === 'pair-nov-edge')
    expect(edge, 'the 23:30 WIB charge of 30 November is in November').toBeDefined()
    expect(edge![0]).toBe('2026-12-01T00:30:00')
    expect(edge![6]).toBe(400)
    expect(book.Charges.slice(1).map((row) => row[5]).sort()).toEqual(['pair-nov', 'pair-nov-edge'])
    expect(totals(book)).toEqual({ amount: 650, charges: 2 })
    // the summary says which month that is: the team's, in WIB; the times are the reader's zone
    const summary = book.Summary.map((row) => row.filter((c) => c !== null).join(' ')).join('\n')
    expect(summary).toContain('Month counted in WIB, Asia/Jakarta')
    expect(summary).toContain('WITA, Asia/Makassar')

    const dec = join(rig.team.dir, 'dec-wita.xlsx')
    expect((await rig.team.rekap('op1', ['team', 'report', '--month', '2026-12', '--tz', 'Asia/Makassar', '--out', dec])).code).toBe(0)
    const decBook = openpyxlRows(dec)
    expect(decBook.Charges.slice(1).map((row) => row[5])).toEqual(['pair-dec'])
    expect(totals(decBook)).toEqual({ amount: 900, charges: 1 })

    const idOut = join(rig.team.dir, 'nov-wita-id.xlsx')
    const idRun = await rig.team.rekap('op1', ['team', 'report', '--month', '2026-11', '--tz', 'Asia/Makassar', '--out', idOut], { env: { REKAP_LANG: 'id' } })
    expect(idRun.code).toBe(0)
    const idSummary = openpyxlRows(idOut).Ringkasan.map((row) => row.filter((c) => c !== null).join(' ')).join('\n')
    expect(idSummary).toContain('Bulan dihitung dalam WIB, Asia/Jakarta')
  }, 120_000)

  it("this month's report in WITA totals what rekap team status (the Team screen) says was spent", async () => {
    // one charge now, one half an hour before this WIB month began (00:30 WITA of this month's first day)
    const wib = (await rig.team.query(
      `SELECT to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM') AS month,
              date_trunc('month', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta' AS start`,
    )).rows[0]
    await rig.team.query(INS, ['pair-now', 300, new Date()])
    await rig.team.query(INS, ['pair-before-month', 700, new Date(new Date(wib.start).getTime() - 30 * 60_000)])

    const st = await rig.team.rekap('op1', ['team', 'status', '--json'])
    expect(st.code, st.stderr).toBe(0)
    const status = JSON.parse(st.stdout)
    expect(status.month).toBe(wib.month)

    const out = join(rig.team.dir, 'this-month-wita.xlsx')
    const r = await rig.team.rekap('op1', ['team', 'report', '--month', wib.month, '--tz', 'Asia/Makassar', '--out', out])
    expect(r.code, r.stderr).toBe(0)
    const book = openpyxlRows(out)
    expect(book.Charges.slice(1).map((row) => row[5])).not.toContain('pair-before-month')
    expect(totals(book)).toEqual({ amount: status.spentRp, charges: status.charges })
  }, 120_000)
})
