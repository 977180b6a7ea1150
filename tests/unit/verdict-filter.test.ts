/**
 * The rows filter selects by the one verdict rule: for rows in every state, outcome and position
 * against the review band, the rows the store's query returns for a verdict are exactly the rows
 * `rowVerdict` labels with it (the label the app shows and the report writes). Real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { rowVerdict, verdictGroups } from '../../src-main/core/verdict'
import { VERDICTS } from '../../src-main/contract/verdicts'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let jobId: string
const T0 = Date.UTC(2026, 10, 23, 5, 0, 0)
const BANDS: Array<[number, number] | null> = [null, [0.5, 0.7], [0, 1], [0.9, 0.9]]
const seen = new Set<string>()

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
  const job = store.jobs.create({ kind: 'face-match', inputName: 'kyc.xlsx', settings: defaultJobSettings({ baseUrl: 'http://x' }) }, T0)
  jobId = job.id
  const done: Array<[string, number | null]> = [
    ['match', 0.95],
    ['match', 0.7], // on the band's edge: inside (inclusive)
    ['match', 0.9],
    ['no-match', 0.2],
    ['no-match', 0.5],
    ['no-match', 0.6],
    ['found', null],
    ['not-found', null],
    ['records', null],
  ]
  const n = done.length + 6
  store.rows.insertMany(jobId, Array.from({ length: n }, (_, i) => ({ rowNo: i + 1, input: { NIK: String(3273010101010000 + i) }, payload: {} })), T0)
  store.jobs.transition(jobId, 'ready', T0)
  store.jobs.transition(jobId, 'running', T0)
  done.forEach(([outcome, confidence], i) => {
    store.rows.markInFlight(jobId, i + 1, T0)
    store.rows.complete(jobId, i + 1, { outcome: outcome as 'match', match: outcome === 'match', confidence }, T0)
  })
  let r = done.length
  store.rows.markInFlight(jobId, ++r, T0)
  store.rows.fail(jobId, r, { code: 'no-face', message: 'Failed to verify faces.' }, T0)
  store.rows.markInFlight(jobId, ++r, T0)
  store.rows.fail(jobId, r, { code: 'not-found', message: 'Not found' }, T0)
  store.rows.markInFlight(jobId, ++r, T0)
  store.rows.markUncertain(jobId, r, { code: 'uncertain', message: 'cut off' })
  store.rows.markInFlight(jobId, ++r, T0) // in flight
  // the rest stay pending
})

afterAll(() => {
  store?.close()
  tmp?.cleanup()
})

describe('rows filtered by verdict', () => {
  it.each(BANDS.map((b) => [b === null ? 'no band' : `band ${b.join('-')}`, b] as const))('%s: the query gives exactly the rows the rule labels so', (_, band) => {
    const all = [...store.rows.iterate(jobId)]
    for (const verdict of VERDICTS) {
      const expected = all.filter((row) => rowVerdict(row.state, row.result, band) === verdict).map((row) => row.rowNo)
      const filter = { groups: { of: verdictGroups(verdict), band } }
      expect(store.rows.page(jobId, { ...filter, limit: 100 }).map((row) => row.rowNo), verdict).toEqual(expected)
      expect(store.rows.countWhere(jobId, filter), verdict).toBe(expected.length)
      if (expected.length) seen.add(verdict)
    }
  })
  it('the rows above meet every verdict under some band (the comparison is not vacuous)', () => {
    expect([...seen].sort()).toEqual([...VERDICTS].sort())
  })
})
