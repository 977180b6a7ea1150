import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { threadId } from 'node:worker_threads'
import { openStore, type Store } from '../../src-main/core/store'
import { importRowsIntoJob, PlanError } from '../../src-main/core/jobs/planner'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { HeavyWork } from '../../src-main/core/workers/heavy-work'
import { reportWritersWith } from '../../src-main/app/core-report-writers'
import { AppError } from '../../src-main/app/app-error'
import { makeTempDir } from '../helpers/temp-dir'
import { readBook } from './reports-fixtures'

/** Plans and job reports in the heavy-work thread give what they give in this thread. */

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let heavy: HeavyWork
const ROWS = 5000

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.db'))
  heavy = new HeavyWork()
  const lines = ['Kode RS,Catatan']
  for (let i = 1; i <= ROWS; i++) lines.push(`${i % 97 === 0 ? 'bad code!' : `RS${String(i % 4000).padStart(5, '0')}`},baris ${i}`)
  writeFileSync(join(tmp.dir, 'codes.csv'), lines.join('\n'))
  writeFileSync(join(tmp.dir, 'empty.csv'), 'Kode RS,Catatan\n')
})
afterAll(async () => {
  await heavy.close()
  store.close()
  tmp.cleanup()
})

const req = (file: string) => ({ file: join(tmp.dir, file), kind: 'hospital-lookup' as const, settings: defaultJobSettings({ sandbox: true }) })
const opts = () => ({ picturesDir: join(tmp.dir, 'pictures'), now: () => 1_800_000_000_000 })

describe('heavy-work thread', () => {
  it('plans a job with the same rows, verdicts and counts as this thread, reporting progress', async () => {
    const inline = await importRowsIntoJob(store, req('codes.csv'), opts())
    const progress: number[] = []
    const threaded = await heavy.importer(importRowsIntoJob)(store, req('codes.csv'), { ...opts(), onRows: (n) => progress.push(n) })
    expect(threaded.jobId).not.toBe(inline.jobId)
    expect({ ...threaded, jobId: '' }).toEqual({ ...inline, jobId: '' })
    expect(inline.rowsFailingLocally).toBe(Math.floor(ROWS / 97))
    expect(inline.duplicates).toBeGreaterThan(0)
    // the thread's clock starts at the caller's and runs on its own: local failures' times differ by the elapsed time only
    const strip = (jobId: string) =>
      store.rows.page(jobId, { offset: 0, limit: ROWS }).map(({ jobId: _, finishedAt, ...r }) => ({ ...r, finished: finishedAt !== null }))
    expect(strip(threaded.jobId)).toEqual(strip(inline.jobId))
    const times = store.rows.page(threaded.jobId, { states: ['failed'], offset: 0, limit: ROWS }).map((r) => r.finishedAt!)
    expect(times.every((t) => t >= 1_800_000_000_000 && t < 1_800_000_000_000 + 600_000)).toBe(true)
    // progress is rows counted in the thread, at most 4 a second: never more messages than chunks
    expect(progress.every((n, i) => n > 0 && n <= ROWS && (i === 0 || n > progress[i - 1]))).toBe(true)
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(ROWS / 1000))
  })

  it("keeps a plan's refusal a PlanError with its message and exit code", async () => {
    const err = await heavy.importer(importRowsIntoJob)(store, req('empty.csv'), opts()).catch((e) => e)
    expect(err).toBeInstanceOf(PlanError)
    expect(err.message).toMatch(/empty\.csv.*no data rows/)
    expect(err.exitCode).toBe(2)
  })

  it('writes a job report in the thread (not this one), and a refusal stays a conflict', async () => {
    const plan = await importRowsIntoJob(store, req('codes.csv'), opts())
    const writers = reportWritersWith(heavy)
    const out = join(tmp.dir, 'laporan.xlsx')
    const result = (await writers.writeJobReport(store, plan.jobId, { out, lang: 'id', format: 'xlsx' })) as { rows: number; sheets: string[] }
    expect(result.rows).toBe(ROWS)
    const book = await readBook(out)
    expect(book.worksheets.map((w) => w.name).slice(0, 3)).toEqual(['Ringkasan', 'Hasil', 'Galat'])
    expect(book.getWorksheet('Hasil')!.rowCount).toBe(ROWS + 1)
    const refusal = (await writers.writeJobReport(store, 'no-such-job', { out, lang: 'id', format: 'xlsx' }).catch((e: unknown) => e)) as Error
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal.message).toMatch(/no job "no-such-job"/)
    expect(threadId).toBe(0) // this test runs on a main thread; the writes above did not
  })
})
