import PQueue from 'p-queue'
import { ServiceError, type ServiceClient } from '../provider'
import type { Clock, Logger } from '../context'
import type { Store, JobRow, JobRecord, RowError } from '../store'
import type { BlockedReason } from '../model/job-state'
import { PRICE_POINTS, isPaidProduct, type Product } from '../model/products'
import { decideAfterFailure } from './retry-policy'
import { LocalBlock } from './local-block'
import type { Coordination, HitCounter, MoneyGate, MoneyHold, PairGate, PairTurn, RateTurns } from '../coordination/port'
import { TeamUnreachable } from '../coordination/team-unreachable'
import { claimPair, pairAnswer, reuseClaimedPair } from './pair-claim'
import { completionRate } from './estimate'
import { isPlanProduct, quotaExhaustedText } from '../model/plans'
import { kindModule } from '../kinds/registry'
import { planOf } from '../model/job-settings'
import { UnitInputError, type Unit, type UnitEnv } from '../kinds/unit'
import { keepLearned, storeOutcome, type LearnedBy } from './keep-learned'
import { coreText, storedText } from '../texts/core-text'

const OFFLINE_AFTER = 12 // consecutive network failures (across rows) after which the service counts as gone

export type StopReason = { kind: 'pause' } | { kind: 'cancel' } | { kind: 'block'; reason: BlockedReason; message: string }

export interface RunnerDeps {
  store: Store
  client: ServiceClient
  /** rate, money, hits and pair reuse of the account (this desk's, or the team's) */
  coordination: Coordination
  clock: Clock
  logger: Logger
  /** cache and ledger source label ('sandbox' or the service host) */
  source: string
  /** the service account (host + key hash) whose hits this job spends */
  account: string
  random?: () => number
  /** told after every row that changed, so progress can be throttled by the caller */
  onRowSettled: () => void
  /** the shared store stopped answering (true: the job shows blocked, "team store unreachable") or answers again */
  onCoordinationWait?: (waiting: boolean, message: string) => void
}

/**
 * Runs one job until it is done, paused, cancelled or blocked. Rows are picked in input order, paced
 * by the product's rate limiter, capped by the job's concurrency, and every outcome is written to
 * the store before the next decision is made.
 */
export class JobRunner {
  private readonly queue: PQueue
  private readonly owned = new Set<number>()
  private readonly stopController = new AbortController()
  /** aborts requests of free products at pause/cancel; paid requests are let finish */
  private readonly freeAbort = new AbortController()
  private stopReason: StopReason | null = null
  private networkStreak = 0
  private settledSignal: (() => void) | null = null
  private readonly money: MoneyGate
  private readonly turns: RateTurns
  private readonly hits: HitCounter
  private readonly pairs: PairGate
  /** set while the shared store does not answer: nothing new starts until it does */
  private coordinationWait: Promise<void> | null = null
  private coordinationDetail = 'unreachable' // why the shared store was last found unreachable
  private readonly stopWatching: () => void
  readonly product: Product
  private readonly unit: Unit
  private readonly paid: boolean
  private readonly completions: number[] = []

  constructor(
    private readonly job: JobRecord,
    private readonly deps: RunnerDeps,
  ) {
    const kind = kindModule(job.kind)
    this.product = kind.product
    this.unit = kind.unit
    this.paid = isPaidProduct(this.product)
    this.queue = new PQueue({ concurrency: Math.max(1, job.settings.concurrency) })
    const c = deps.coordination
    this.money = c.money({ job, account: deps.account, product: this.product })
    this.turns = c.rate(deps.account, this.product, job.settings.rps[this.product])
    this.hits = c.hits(deps.account, this.product)
    this.pairs = c.pairs(deps.account)
    this.stopWatching = c.onUnreachable(() => void this.waitForCoordination('no answer'))
  }

  get stopping(): StopReason | null {
    return this.stopReason
  }

  /** Rows finished per second over the last 10 seconds (see completionRate). */
  ratePerSec(): number {
    const now = this.deps.clock.now()
    while (this.completions.length && this.completions[0] < now - 10_000) this.completions.shift()
    return completionRate(this.completions, now)
  }

  stop(reason: StopReason): void {
    if (this.stopReason) return
    this.stopReason = reason
    // Money and quota blocks let rows that already hold a reservation go out (they fit);
    // pause, cancel and the other blocks stop waiting requests at once.
    const letReservedFinish = reason.kind === 'block' && (reason.reason === 'needs-top-up' || reason.reason === 'quota-exhausted')
    if (letReservedFinish) return
    this.stopController.abort(new Error(reason.kind))
    this.freeAbort.abort(new Error(reason.kind))
  }

  /** Resolves with why it stopped (null = ran out of work). */
  async run(): Promise<StopReason | null> {
    let cursor = 0
    while (!this.stopReason) {
      if (this.coordinationWait) {
        await this.coordinationWait
        continue
      }
      // Another rekap process (or the desktop app) may have paused or cancelled this job.
      if (this.deps.store.jobs.get(this.job.id)?.state !== 'running') {
        this.stop({ kind: 'pause' })
        break
      }
      this.deps.store.rows.resolveDuplicates(this.job.id, this.deps.clock.now())
      const batch = this.deps.store.rows.nextPending(this.job.id, 200, cursor).filter((r) => !this.owned.has(r.rowNo))
      if (!batch.length) {
        if (this.queue.size + this.queue.pending === 0) {
          // Rows put back by a task that ended may sit before the cursor: look again from the top.
          if (cursor > 0) {
            cursor = 0
            continue
          }
          break
        }
        await this.nextSettle()
        cursor = 0
        continue
      }
      for (const row of batch) {
        if (this.stopReason) break
        // Back-pressure: keep at most `concurrency` rows running, none waiting in the queue.
        if (this.queue.pending >= this.queue.concurrency) await this.nextSettle()
        if (this.stopReason) break
        this.owned.add(row.rowNo)
        void this.queue.add(() => this.processRow(row)).finally(() => {
          this.owned.delete(row.rowNo)
          this.settledSignal?.()
        })
        cursor = row.rowNo
      }
    }
    await this.queue.onIdle()
    this.stopWatching()
    this.deps.store.rows.resolveDuplicates(this.job.id, this.deps.clock.now())
    return this.stopReason
  }

  /** The shared store did not answer: blocked, nothing new starts; runs on by itself once it answers (or pause/cancel). */
  private waitForCoordination(detail: string): Promise<void> {
    if (this.coordinationWait || this.stopReason) return this.coordinationWait ?? Promise.resolve()
    this.coordinationDetail = detail
    const message = storedText(new TeamUnreachable(detail).text!)
    this.deps.logger.log('warn', `job ${this.job.id}: team store unreachable (${detail}); waiting for it`)
    this.deps.onCoordinationWait?.(true, message)
    this.coordinationWait = this.deps.coordination
      .reachable(this.stopController.signal)
      .catch(() => {})
      .then(() => {
        this.coordinationWait = null
        if (!this.stopReason) this.deps.onCoordinationWait?.(false, message)
        this.settledSignal?.()
      })
    return this.coordinationWait
  }

  private nextSettle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const prev = this.settledSignal
      this.settledSignal = () => {
        this.settledSignal = prev
        prev?.()
        resolve()
      }
    })
  }

  /** Never starts a request the quota has no hit left for: the job blocks instead. */
  private async startHit(): Promise<void> {
    const quota = this.job.settings.monthlyQuota[this.product]
    if (await this.hits.tryStart(quota)) return
    const plan = planOf(this.job.settings, this.product)
    throw new LocalBlock(
      'quota-exhausted',
      isPlanProduct(this.product) && quota !== null
        ? quotaExhaustedText(this.product, plan ?? 'current', quota, this.hits.used())
        : coreText('block.quota', { quota, product: this.product }),
    )
  }

  /** Reserves a paid request's cost (job, then team limits); a request that could overspend is not started. */
  private async reserve(price: number): Promise<MoneyHold> {
    const r = await this.money.reserve(price)
    if (r.ok) return r.hold
    const key = r.limit === 'budget' ? 'block.budget' : r.limit === 'balance' ? 'block.balance' : r.limit === 'team-budget' ? 'block.team-budget' : 'block.team-balance'
    throw new LocalBlock('needs-top-up', coreText(key, { limit: r.limitRp }))
  }

  private async processRow(initial: JobRow): Promise<void> {
    const { store, clock } = this.deps
    const jobId = this.job.id
    const price = PRICE_POINTS[this.product]
    let attempts = initial.attempts
    let rateLimitedTimes = 0
    let row = initial
    // A row already picked runs its first attempt even if a money block came meanwhile: the
    // reservation below decides whether it may still be sent.
    let first = true
    while (first || !this.stopReason) {
      first = false
      if (this.stopReason && this.stopReason.kind !== 'block') return
      let hold: MoneyHold | null = null
      let pair: PairTurn | null = null
      let inFlight = false
      try {
        if (this.paid) {
          pair = await claimPair(this.pairs, this.job, row, clock.now(), this.stopController.signal)
          if (pair?.kind === 'reuse') {
            reuseClaimedPair(store, jobId, row.rowNo, pair.answer, clock.now())
            this.completions.push(clock.now())
            this.deps.onRowSettled()
            return
          }
          hold = await this.reserve(price)
        }
        const signal = this.paid ? new AbortController().signal : this.freeAbort.signal
        const learnedBy: LearnedBy = { jobId, rowNo: row.rowNo, source: this.deps.source, account: this.deps.account, product: this.product }
        const env: UnitEnv = {
          client: this.deps.client,
          cache: store.cache,
          jobId,
          source: this.deps.source,
          freshAfter: clock.now() - this.job.settings.cacheFreshnessHours * 3_600_000,
          now: () => clock.now(),
          signal,
          keep: (learned) => keepLearned(store, learnedBy, learned, clock.now()),
          call: async (fn) => {
            await this.startHit()
            try {
              await this.turns.take(this.stopController.signal)
              // a turn taken before the shared store went away, due after the job blocked: not sent
              if (this.coordinationWait) throw new TeamUnreachable(this.coordinationDetail)
              if (!inFlight) await hold?.sending() // may be charged from here: the team's reservation says so first
              if (!inFlight) {
                store.rows.markInFlight(jobId, row.rowNo, clock.now())
                attempts++
                inFlight = true
              }
              return await fn(signal)
            } catch (e) {
              // Only answers count as hits (a 404 does; a refused, failed or never-sent request does not).
              if (!(e instanceof ServiceError && e.status === 404)) this.hits.unstart()
              throw e
            }
          },
        }
        const out = await this.unit(row, env)
        this.turns.succeeded()
        this.networkStreak = 0
        const now = clock.now()
        if (!inFlight) {
          // Answered from the cache: no request, no attempt.
          store.rows.markInFlight(jobId, row.rowNo, now)
        }
        storeOutcome(store, learnedBy, out, now, out.type === 'done' && out.charged ? price : 0)
        if (out.type === 'done') {
          hold?.settle({ charged: out.charged && price > 0, rowNo: row.rowNo, pairKey: row.unitKey })
          if (pair?.kind === 'send') pair.finish(pairAnswer(out.result, now))
        } else {
          hold?.settle({ charged: false, rowNo: row.rowNo, pairKey: row.unitKey })
          if (pair?.kind === 'send') pair.finish(null)
        }
        hold = null
        pair = null
        this.completions.push(now)
        this.deps.onRowSettled()
        return
      } catch (err) {
        // a service error may leave the request uncertain (maybe charged): settled once that is decided
        if (!(err instanceof ServiceError)) hold?.settle({ charged: false, rowNo: row.rowNo, pairKey: row.unitKey })
        if (pair?.kind === 'send') pair.finish(null)
        const now = clock.now()
        const putBack = (e: RowError): void => {
          if (inFlight) store.rows.retryLater(jobId, row.rowNo, e)
        }
        if (err instanceof TeamUnreachable) {
          // nothing was sent for this row (every shared decision comes before the request)
          putBack({ code: err.reason, message: err.message })
          await this.waitForCoordination(err.detail)
          row = store.rows.get(jobId, row.rowNo) ?? row
          if (row.state !== 'pending') return
          continue
        }
        if (err instanceof LocalBlock) {
          putBack({ code: err.reason, message: err.message })
          // the store keeps rekap's own reason as its text, so each reader says it in its language
          this.stop({ kind: 'block', reason: err.reason, message: err.text ? storedText(err.text) : err.message })
          return
        }
        if (err instanceof UnitInputError) {
          if (!inFlight) store.rows.markInFlight(jobId, row.rowNo, now)
          store.rows.fail(jobId, row.rowNo, { code: err.code, message: err.message }, now)
          this.deps.onRowSettled()
          return
        }
        if (!(err instanceof ServiceError)) {
          // Pause/cancel while waiting for a rate token, or a bug: the row simply stays pending.
          if (this.stopReason) return putBack({ code: 'stopped', message: 'stopped before sending' })
          this.deps.logger.log('error', `row ${row.rowNo}: ${(err as Error).message}`)
          if (!inFlight) store.rows.markInFlight(jobId, row.rowNo, now)
          store.rows.fail(jobId, row.rowNo, { code: 'internal', message: `rekap error: ${(err as Error).message}` }, now)
          this.deps.onRowSettled()
          return
        }
        if (err.kind === 'rate-limited') {
          rateLimitedTimes++
          // kept on the row so a report can show which rows the service slowed down
          store.marks.noteRateLimited(jobId, row.rowNo)
          this.turns.rateLimited(err.retryAfterMs)
        }
        if (err.kind === 'network' || err.kind === 'timeout') this.networkStreak++
        const decision = decideAfterFailure(err, {
          attempts: attempts - rateLimitedTimes,
          maxAttempts: this.job.settings.maxAttempts,
          rateLimitedTimes,
          paid: this.paid,
          resendUncertain: this.job.settings.resendUncertain,
          random: this.deps.random ?? Math.random,
        })
        hold?.settle({ charged: false, uncertain: decision.action === 'uncertain', rowNo: row.rowNo, pairKey: row.unitKey })
        const rowError = { code: err.kind, message: err.serviceMessage ?? err.message }
        switch (decision.action) {
          case 'block':
            putBack(rowError)
            this.stop({ kind: 'block', reason: decision.reason, message: decision.message })
            return
          case 'fail':
            store.rows.fail(jobId, row.rowNo, { code: decision.code, message: decision.message }, now, {
              product: this.product,
              hits: err.status === 404 ? 1 : 0,
              account: this.deps.account,
            })
            this.deps.onRowSettled()
            return
          case 'uncertain':
            store.rows.markUncertain(jobId, row.rowNo, {
              code: 'uncertain',
              message: `${decision.message} — the request may have reached the service and been charged; re-send only if you accept that risk`,
            })
            this.deps.onRowSettled()
            return
          case 'requeue':
            putBack(rowError)
            return
          case 'retry':
            putBack(rowError)
            if (this.networkStreak >= OFFLINE_AFTER) {
              this.stop({ kind: 'block', reason: 'offline', message: storedText(coreText('block.offline', { detail: rowError.message })) })
              return
            }
            // Counted by the CLI's --verbose summary (retries, 429 back-offs, time waited).
            this.deps.logger.log('info', `row ${row.rowNo}: ${err.kind}${err.status ? ` (${err.status})` : ''}, retry in ${decision.delayMs} ms`, {
              event: 'retry',
              row: row.rowNo,
              kind: err.kind,
              waitMs: decision.delayMs,
            })
            try {
              await clock.sleep(decision.delayMs, this.stopController.signal)
            } catch {
              return
            }
            row = store.rows.get(jobId, row.rowNo) ?? row
            if (row.state !== 'pending') return
            continue
        }
      }
    }
  }
}
