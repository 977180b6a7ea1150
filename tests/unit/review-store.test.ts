import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { recordDecision, reviewQueue, ReviewError } from '../../src-main/core/review'
import { requireReviewableJob } from '../../src-main/core/kinds/reviewable-job'
import { kindModule } from '../../src-main/core/kinds/registry'
import type { JobKindModule } from '../../src-main/core/kinds/kind'
import { buildFaceJob, T0 } from '../integration/reports-fixtures'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let jobId: string

beforeEach(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
  jobId = buildFaceJob(store)
})
afterEach(() => {
  store.close()
  tmp.cleanup()
})

describe('review queue', () => {
  it('holds the review-band row, the NO MATCH and the uncertain row, in input order; flagged rows join it', () => {
    const job = requireReviewableJob(store, jobId)
    let q = reviewQueue(store, job)
    expect(q.items.map((i) => [i.rowNo, i.verdict])).toEqual([
      [2, 'no-match'],
      [3, 'review'],
      [7, 'uncertain'],
    ])
    expect([q.reviewed, q.total]).toEqual([0, 3])

    recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 1, decision: 'flag', reviewer: 'Ani', note: 'looks odd', now: T0 + 9000 })
    q = reviewQueue(store, job)
    expect(q.items.map((i) => i.rowNo)).toEqual([1, 2, 3, 7])
    expect(q.items[0]).toMatchObject({ verdict: 'match', flagged: true, open: true })
  })

  it('counts n of m; a later decision supersedes an earlier one and both stay in the log', () => {
    const job = requireReviewableJob(store, jobId)
    recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 3, decision: 'approve', reviewer: 'Ani', now: T0 + 10_000 })
    recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 2, decision: 'skip', reviewer: 'Ani', now: T0 + 11_000 })
    let q = reviewQueue(store, job)
    expect([q.reviewed, q.total]).toEqual([1, 3])
    expect(q.items.find((i) => i.rowNo === 2)).toMatchObject({ open: true, skipped: true })

    recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 3, decision: 'reject', reviewer: 'Budi', note: 'different ears', now: T0 + 12_000 })
    q = reviewQueue(store, job)
    expect(q.items.find((i) => i.rowNo === 3)!.final).toMatchObject({ decision: 'reject', reviewer: 'Budi', note: 'different ears' })
    const log = store.review.log(jobId)
    expect(log.map((e) => [e.rowNo, e.decision, e.reviewer])).toEqual([
      [3, 'approve', 'Ani'],
      [2, 'skip', 'Ani'],
      [3, 'reject', 'Budi'],
    ])
    // the service's result at the time of each decision is kept with it
    expect(log[0]).toMatchObject({ serviceVerdict: 'review', serviceConfidence: 0.5, rowState: 'done' })
    expect(log[1]).toMatchObject({ serviceVerdict: 'no-match', serviceConfidence: 0.12 })
  })

  it('is append-only: UPDATE and DELETE of a decision are refused by the store itself', () => {
    recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 3, decision: 'approve', reviewer: 'Ani', now: T0 + 10_000 })
    expect(() => store.db.prepare("UPDATE review_decisions SET decision = 'reject'").run()).toThrow(/append-only/)
    expect(() => store.db.prepare('DELETE FROM review_decisions').run()).toThrow(/append-only/)
    expect(store.review.log(jobId)).toHaveLength(1)
    // deleting the whole job still takes its log with it
    store.db.prepare('DELETE FROM jobs WHERE id = ?').run(jobId)
    expect(store.review.log(jobId)).toHaveLength(0)
  })

  it('refuses rows that are not there or not checked yet, and nameless reviewers', () => {
    expect(() => recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 99, decision: 'approve', reviewer: 'Ani', now: T0 })).toThrow(/has no row 99/)
    expect(() => recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 8, decision: 'approve', reviewer: 'Ani', now: T0 })).toThrow(/not been checked yet \(pending\)/)
    expect(() => recordDecision(store, requireReviewableJob(store, jobId), { rowNo: 3, decision: 'approve', reviewer: '  ', now: T0 })).toThrow(ReviewError)
    const other = store.jobs.create({ kind: 'regions', settings: store.jobs.get(jobId)!.settings }, T0)
    expect(() => requireReviewableJob(store, other.id)).toThrow(/only face-match jobs/)
  })

  it("which jobs have pairs to review is the kind's trait in the registry, not its name (a new kind needs no edit in core/review)", () => {
    const lookup = store.jobs.create({ kind: 'hospital-lookup', settings: store.jobs.get(jobId)!.settings }, T0)
    const traits = (k: JobKindModule): { scored: boolean } => k as { scored: boolean }
    const [face, hospitals] = [traits(kindModule('face-match')), traits(kindModule('hospital-lookup'))]
    try {
      // a kind whose results carry a score (the review band applies) is reviewable, whatever its name
      hospitals.scored = true
      face.scored = false
      expect(requireReviewableJob(store, lookup.id).id).toBe(lookup.id)
      expect(() => requireReviewableJob(store, jobId)).toThrow(/only hospital-lookup jobs have pairs to review/)
    } finally {
      hospitals.scored = false
      face.scored = true
    }
    expect(() => requireReviewableJob(store, lookup.id)).toThrow(/only face-match jobs have pairs to review/)
  })
})

describe('row marks', () => {
  it('counts 429 answers per row', () => {
    store.marks.noteRateLimited(jobId, 2)
    store.marks.noteRateLimited(jobId, 2)
    expect(store.marks.rateLimited(jobId, 2)).toBe(2)
    expect(store.marks.rateLimited(jobId, 3)).toBe(0)
  })
})
