/**
 * `rekap export` asks the one rule of legal actions (core/model/job-actions.ts) before it writes
 * anything, as the app's export button does: a job that may not be exported is refused with the
 * rule's own words and the exit code of every other refused action, and no file appears.
 * Real `rekap` processes over a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openStore } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { availableActions, whyNot, type JobFacts } from '../../src-main/core/model/job-actions'
import { EXIT } from '../../src-main/cli/exit-codes'
import { renderCoreText } from '../../src-main/core/texts/core-text'
import { makeTempDir } from '../helpers/temp-dir'
import { rekapMerged } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
let db: string
const ids: Record<string, string> = {}

beforeAll(() => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const store = openStore(db)
  const now = Date.now()
  const settings = defaultJobSettings({ baseUrl: 'http://127.0.0.1:9' })
  // a plan that never finished (the process died while it imported the sheet): a draft, no rows
  ids.draft = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.csv', settings }, now).id
  // a finished job: export is legal
  const done = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.csv', settings }, now)
  store.rows.insertMany(done.id, [{ rowNo: 1, input: { Kode: '3171015' }, payload: {} }], now)
  for (const s of ['ready', 'running'] as const) store.jobs.transition(done.id, s, now)
  store.rows.markInFlight(done.id, 1, now)
  store.rows.complete(done.id, 1, { outcome: 'found', recordKey: '3171015' }, now, { product: 'hospitals', chargePoints: 0 })
  store.jobs.transition(done.id, 'done', now)
  ids.done = done.id
  store.close()
})

afterAll(() => tmp?.cleanup())

describe('rekap export asks availableActions first', () => {
  it('refuses a job the rule does not let export, with its reason and the refused-action exit code; writes nothing', async () => {
    const facts: JobFacts = { state: 'draft', holder: 'none', counts: { pending: 0, inFlight: 0, failed: 0, uncertain: 0, done: 0 }, paid: true }
    expect(availableActions(facts)).not.toContain('export')
    const reason = renderCoreText(whyNot('export', facts, ids.draft)!, 'en')

    for (const extra of [[], ['--annotated']]) {
      const out = join(tmp.dir, `draft${extra.length}.xlsx`)
      const r = await rekapMerged(['export', ids.draft, '--out', out, '--db', db, ...extra])
      expect(r.code, r.out).toBe(EXIT.usage)
      expect(r.out).toContain(reason)
      expect(r.out).not.toMatch(/\n\s+at /) // a message, not a stack trace
      expect(existsSync(out)).toBe(false)
    }
  }, 60_000)

  it('exports a job the rule allows', async () => {
    const out = join(tmp.dir, 'done.xlsx')
    const r = await rekapMerged(['export', ids.done.slice(0, 8), '--out', out, '--db', db])
    expect(r.code, r.out).toBe(EXIT.ok)
    expect(existsSync(out)).toBe(true)
  }, 60_000)
})
