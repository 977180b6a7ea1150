/**
 * Issue 26, housekeeping: `rekap jobs delete <id>` and `rekap jobs --prune --older-than AGE` remove
 * jobs with their rows and pictures after showing what goes, and the month's charges ledger keeps
 * its totals (one folded line per deleted job, with the digest of its final report).
 * Real `rekap` processes, the embedded sandbox (real face engine), a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-housekeeping-')
})
afterAll(() => tmp?.cleanup())

function ledger(db: string): { months: Record<string, number>; jobs: string[]; rows: number } {
  const d = new Database(db, { readonly: true })
  try {
    const months = Object.fromEntries(
      (d.prepare('SELECT month, SUM(points) AS p FROM charges GROUP BY month').all() as Array<{ month: string; p: number }>).map((r) => [r.month, r.p]),
    )
    const jobs = (d.prepare('SELECT id FROM jobs ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id)
    const rows = (d.prepare('SELECT COUNT(*) AS n FROM job_rows').get() as { n: number }).n
    return { months, jobs, rows }
  } finally {
    d.close()
  }
}

describe('jobs delete and prune', () => {
  it('delete shows what goes, needs --yes without a terminal, removes rows and pictures, and keeps the month ledger whole', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const sample = join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx')
    const first = await rekap(['run', sample, '--yes', '--db', db, '--reuse-days', '0'])
    expect(first.code, first.err).toBe(0)
    const second = await rekap(['run', sample, '--yes', '--db', db, '--reuse-days', '0'])
    expect(second.code, second.err).toBe(0)
    const a = first.out.split('\n')[0].replace('job ', '')
    const b = second.out.split('\n')[0].replace('job ', '')
    const before = ledger(db)
    expect(Object.values(before.months).reduce((x, y) => x + y, 0)).toBeGreaterThan(0)
    // the example has a picture pasted in a cell: the job keeps it in <data>/pictures/<job>
    expect(existsSync(join(tmp.dir, 'pictures', a))).toBe(true)

    const refused = await rekap(['jobs', 'delete', a, '--db', db])
    expect(refused.code).toBe(2)
    expect(refused.out).toContain(a)
    expect(refused.err).toMatch(/add --yes/)
    expect(ledger(db).jobs).toContain(a)

    const keepDir = join(tmp.dir, 'final')
    const del = await rekap(['jobs', 'delete', a, '--yes', '--db', db, '--report-dir', keepDir])
    expect(del.code, del.err).toBe(0)
    expect(del.out).toMatch(new RegExp(`deleted ${a}: the ledger keeps Rp[\\d,]+ and report digest [0-9a-f]{64}`))
    expect(readdirSync(keepDir)).toEqual([`${a}.xlsx`])
    const after = ledger(db)
    expect(after.jobs).toEqual([b])
    expect(after.months).toEqual(before.months)
    expect(after.rows).toBe(before.rows / 2)
    expect(existsSync(join(tmp.dir, 'pictures', a))).toBe(false)
    const d = new Database(db, { readonly: true })
    const line = d.prepare('SELECT * FROM deleted_jobs WHERE job_id = ?').get(a) as { report_digest: string; rows_total: number; points: number }
    const folded = d.prepare('SELECT COUNT(*) AS n FROM charges WHERE job_id = ?').get(a) as { n: number }
    d.close()
    expect(line.report_digest).toMatch(/^[0-9a-f]{64}$/)
    expect(line.rows_total).toBe(12)
    expect(folded.n).toBe(1)

    // prune: a recent job is kept at 90 days, and goes at 0 hours
    const kept = await rekap(['jobs', '--prune', '--older-than', '90d', '--yes', '--db', db])
    expect(kept.code, kept.err).toBe(0)
    expect(kept.out).toMatch(/nothing deleted/)
    const bad = await rekap(['jobs', '--prune', '--older-than', 'soon', '--db', db])
    expect(bad.code).toBe(2)
    const pruned = await rekap(['jobs', '--prune', '--older-than', '0h', '--yes', '--db', db])
    expect(pruned.code, pruned.err).toBe(0)
    const end = ledger(db)
    expect(end.jobs).toEqual([])
    expect(end.months).toEqual(before.months)
    expect(end.rows).toBe(0)
  })
})
