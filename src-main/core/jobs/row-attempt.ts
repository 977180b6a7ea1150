/**
 * What the runner carries through one row's attempts, and the two checks that block the job
 * before a request could go out (no hit left in the quota, no money left to reserve).
 */
import type { JobRow, JobRecord, Store } from '../store'
import type { Product } from '../model/products'
import type { HitCounter, MoneyGate, MoneyHold, PairTurn } from '../coordination/port'
import { isPlanProduct, quotaExhaustedText } from '../model/plans'
import { planOf } from '../model/job-settings'
import { coreText } from '../texts/core-text'
import { LocalBlock } from './local-block'

/** What one row carries across its attempts: the row as last read, requests sent, 429s seen. */
export interface RowRun {
  row: JobRow
  attempts: number
  rateLimitedTimes: number
}

/** What one attempt holds until it ends: the money hold, the pair turn, whether its request went out. */
export interface Attempt {
  hold: MoneyHold | null
  pair: PairTurn | null
  inFlight: boolean
}

/** After a failed attempt: the row is attempted again, or this row's task is over. */
export type RowNext = 'again' | 'end'

/** Never starts a request the quota has no hit left for: the job blocks instead. */
export async function startHit(hits: HitCounter, job: JobRecord, product: Product): Promise<void> {
  const quota = job.settings.monthlyQuota[product]
  if (await hits.tryStart(quota)) return
  const plan = planOf(job.settings, product)
  throw new LocalBlock(
    'quota-exhausted',
    isPlanProduct(product) && quota !== null
      ? quotaExhaustedText(product, plan ?? 'current', quota, hits.used())
      : coreText('block.quota', { quota, product }),
  )
}

/** Reserves a paid request's cost (job, then team limits); a request that could overspend is not started. */
export async function reserve(money: MoneyGate, price: number): Promise<MoneyHold> {
  const r = await money.reserve(price)
  if (r.ok) return r.hold
  const key = r.limit === 'budget' ? 'block.budget' : r.limit === 'balance' ? 'block.balance' : r.limit === 'team-budget' ? 'block.team-budget' : 'block.team-balance'
  throw new LocalBlock('needs-top-up', coreText(key, { limit: r.limitRp }))
}

/**
 * A store failure in a row's task (isStoreFailure: the file busy past the busy timeout, say): the
 * row stays as the store has it, in flight if it was sent, for the next owner to recover (a paid
 * one as uncertain: it may be charged); what this attempt holds is given back. Storing the row as
 * failed instead threw away an answer the service had given, maybe paid. The run then ends.
 */
export function leaveForRecovery(attempt: Attempt, row: JobRow): void {
  if (attempt.pair?.kind === 'send') attempt.pair.finish(null)
  attempt.hold?.settle({ charged: false, uncertain: attempt.inFlight, rowNo: row.rowNo, pairKey: row.unitKey })
}

/** The row marked for sending (once an attempt): written before the request leaves, so a crash leaves evidence. */
export function markSending(store: Store, jobId: string, run: RowRun, attempt: Attempt, now: number): void {
  store.rows.markInFlight(jobId, run.row.rowNo, now)
  run.attempts++
  attempt.inFlight = true
}

/** markSending taken back: the request did not leave after all; the row as it was, no attempt counted. */
export function unmarkSending(store: Store, jobId: string, run: RowRun, attempt: Attempt): void {
  store.rows.unmarkInFlight(jobId, run.row.rowNo)
  run.attempts--
  attempt.inFlight = false
}
