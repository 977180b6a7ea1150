/**
 * Rows slowed by the service's rate limit: a hospital lookup sent faster than the plan allows
 * gets 429s from the real sandbox; the runner retries them, counts them on the row in the
 * store, and the report shows each row's attempts and whether it was slowed by 429s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'
import { generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'
import { writeJobReport } from '../../src-main/core/export'
import { cellAt, readBook } from './reports-fixtures'

const CODES = generateHospitals(1, loadRegionTree()).map((h) => h.code).slice(0, 120)

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
beforeAll(async () => {
  tmp = makeTempDir()
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'standard', '--monthly-quota', '1000000'] })
}, 60_000)
afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('429s in the store and the report', () => {
  it('counts the 429s per row when the runner retries, and reports attempts and "slowed by 429" per row', async () => {
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const file = join(tmp.dir, 'codes.csv')
      writeFileSync(file, ['Kode RS', ...CODES].join('\n'))
      // 100 requests per second against a plan of 20: the sandbox answers 429 + Retry-After.
      const plan = await h.engine.plan({
        file,
        kind: 'hospital-lookup',
        settings: h.settings({
          concurrency: 16,
          rps: { 'face-match': 5, hospitals: 100, schools: 10, regional: 10 },
          monthlyQuota: { 'face-match': null, hospitals: null, schools: null, regional: null },
        }),
      })
      await h.engine.start(plan.jobId)
      const end = await h.engine.settled(plan.jobId)
      expect(end.state).toBe('done')
      expect(end.counts).toMatchObject({ done: CODES.length, failed: 0 })

      const marks = h.store.db
        .prepare('SELECT row_no, attempts, rate_limited FROM job_rows WHERE job_id = ? ORDER BY row_no')
        .all(plan.jobId) as Array<{ row_no: number; attempts: number; rate_limited: number }>
      const slowed = marks.filter((m) => m.rate_limited > 0)
      expect(slowed.length).toBeGreaterThan(0)
      // every 429 is an attempt that did not count: a slowed row took more than one request
      for (const m of slowed) expect(m.attempts, `row ${m.row_no}`).toBeGreaterThan(m.rate_limited)

      const out = join(tmp.dir, 'rs.xlsx')
      await writeJobReport(h.store, plan.jobId, { out, lang: 'en' })
      const ws = (await readBook(out)).getWorksheet('Results')!
      expect(ws.rowCount).toBe(1 + CODES.length)
      for (const m of marks) {
        const row = m.row_no + 1
        expect(cellAt(ws, row, 'Row ID').value).toBe(m.row_no)
        expect(cellAt(ws, row, 'Attempts').value).toBe(m.attempts)
        expect(cellAt(ws, row, 'Slowed by 429').value).toBe(m.rate_limited > 0 ? 'Yes' : 'No')
      }
      expect(cellAt(ws, 2, 'Time (WIB)').value).toBeInstanceOf(Date)
    } finally {
      await h.close()
    }
  }, 200_000)
})
