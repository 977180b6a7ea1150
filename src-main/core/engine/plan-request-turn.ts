/**
 * A request a plan sends itself (a directory's first-page probe, one of the hospital value lists):
 * a hit the month's quota counts, paced by the account's rate like a run's request, and ended by
 * the plan's stop. Probes and value lists go through this one gate, so a stop holds both back the
 * same way: a request still waiting for its turn is not sent (its hit given back); one already
 * sent is answered and kept, as a paused run's requests in flight are (cut on the wire, the
 * service would count its hit and its answer be lost).
 */
import type { Product } from '../model/products'
import type { JobSettings } from '../model/job-settings'
import type { RateTurns } from '../coordination'
import type { HitCounter } from '../coordination'
import { coreText, TextError } from '../texts/core-text'

/** The quota has no hit left for the plan's own request: nothing was sent (said as a run's block is). */
export class NoHitLeftForPlan extends TextError {
  constructor(product: Product, quota: number | null) {
    super(coreText('block.quota', { quota, product }))
    this.name = 'NoHitLeftForPlan'
  }
}

export interface PlanRequestGate {
  hits: HitCounter
  rate: RateTurns
  settings: Pick<JobSettings, 'monthlyQuota'>
  product: Product
  /** the plan's stop (a watcher's stop, the app closing); never aborted when the plan has none */
  stop: AbortSignal
}

/**
 * Sends `send` once its hit and rate turn are had and the plan was not stopped meanwhile.
 * Rejects with the stop's reason (nothing sent) or NoHitLeftForPlan; the send's own failure gives
 * its hit back (the service counts only answered requests).
 */
export async function inPlanTurn<T>(g: PlanRequestGate, send: () => Promise<T>): Promise<T> {
  g.stop.throwIfAborted()
  const quota = g.settings.monthlyQuota[g.product]
  if (!(await g.hits.tryStart(quota))) throw new NoHitLeftForPlan(g.product, quota)
  try {
    await g.rate.take(g.stop)
    // its turn came after the stop: not sent
    g.stop.throwIfAborted()
    return await send()
  } catch (e) {
    g.hits.unstart()
    throw e
  }
}
