import PQueue from 'p-queue'
import { ServiceError } from '../provider'
import { isStoreFailure, type Store, type JobRow, type JobRecord, type RowError } from '../store'
import { PRICE_POINTS, isPaidProduct, type Product } from '../model/products'
import { decideAfterFailure } from './retry-policy'
import { LocalBlock } from './local-block'
import type { HitCounter, MoneyGate, PairGate, RateTurns } from '../coordination/port'
import { TeamUnreachable } from '../coordination/team-unreachable'
import { claimPair, pairAnswer, reuseClaimedPair } from './pair-claim'
import { completionRate } from './estimate'
import { kindModule } from '../kinds/registry'
import { UnitInputError, type Unit, type UnitEnv, type UnitOutcome } from '../kinds/unit'
import { keepLearned, storeOutcome, type LearnedBy } from './keep-learned'
import { coreText, storedText, type CoreText } from '../texts/core-text'
import { leaveForRecovery, markSending, reserve, startHit, unmarkSending, type Attempt, type RowNext, type RowRun } from './row-attempt'
import type { RunnerDeps, StopReason } from './runner-deps'

const OFFLINE_AFTER = 12 // consecutive network failures (across rows) after which the service counts as gone

export type { RunnerDeps, StopReason } from './runner-deps'

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
  private failure: unknown = null // a row task's store failure: run() rejects with it
  private networkStreak = 0
  private settledSignal: (() => void) | null = null
  private readonly money: MoneyGate
  private readonly turns: RateTurns
  private readonly hits: HitCounter
  private readonly pairs: PairGate
  /** set while the shared store does not answer: nothing new starts until it does */
  private coordinationWait: Promise<void> | null = null
  private coordinationDetail: string | CoreText = 'unreachable' // why the shared store was last found unreachable
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
    this.stopWatching = c.onUnreachable(() => void this.waitForCoordination(coreText('team.noAnswer', { ms: null })))
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
        void this.queue
          .add(() => this.processRow(row))
          // a row task rejects only on a store failure: the run ends and rejects with it (unheard,
          // it killed the process with a stack trace and left the job `running`)
          .catch((err: unknown) => ((this.failure ??= err), this.stop({ kind: 'pause' })))
          .finally(() => {
            this.owned.delete(row.rowNo)
            this.settledSignal?.()
          })
        cursor = row.rowNo
      }
    }
    await this.queue.onIdle()
    this.stopWatching()
    if (this.failure) throw this.failure
    this.deps.store.rows.resolveDuplicates(this.job.id, this.deps.clock.now())
    return this.stopReason
  }

  /** The shared store did not answer: blocked, nothing new starts; runs on by itself once it answers (or pause/cancel). */
  private waitForCoordination(detail: string | CoreText): Promise<void> {
    if (this.coordinationWait || this.stopReason) return this.coordinationWait ?? Promise.resolve()
    this.coordinationDetail = detail
    const message = storedText(new TeamUnreachable(detail).text!)
    this.deps.logger.log('warn', coreText('team.jobWaiting', { job: this.job.id, detail }))
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

  /** One row until it ends: attempts it again after a retry or after the shared store answers again. */
  private async processRow(initial: JobRow): Promise<void> {
    const run: RowRun = { row: initial, attempts: initial.attempts, rateLimitedTimes: 0 }
    // A row already picked runs its first attempt even if a money block came meanwhile: the
    // reservation below decides whether it may still be sent.
    let first = true
    while (first || !this.stopReason) {
      first = false
      if (this.stopReason && this.stopReason.kind !== 'block') return
      const attempt: Attempt = { hold: null, pair: null, inFlight: false }
      try {
        return await this.attemptRow(run, attempt)
      } catch (err) {
        if ((await this.afterFailure(run, attempt, err)) === 'end') return
      }
    }
  }

  /** One attempt: pair reuse claim and money hold (paid), the unit with its requests, the outcome stored. */
  private async attemptRow(run: RowRun, attempt: Attempt): Promise<void> {
    const { store, clock } = this.deps
    const jobId = this.job.id
    if (this.paid) {
      attempt.pair = await claimPair(this.pairs, this.job, run.row, clock.now(), this.stopController.signal)
      if (attempt.pair?.kind === 'reuse') {
        reuseClaimedPair(store, jobId, run.row.rowNo, attempt.pair.answer, clock.now())
        this.completions.push(clock.now())
        this.deps.onRowSettled()
        return
      }
      attempt.hold = await reserve(this.money, PRICE_POINTS[this.product])
    }
    const signal = this.paid ? new AbortController().signal : this.freeAbort.signal
    const learnedBy: LearnedBy = { jobId, rowNo: run.row.rowNo, source: this.deps.source, account: this.deps.account, product: this.product }
    const env: UnitEnv = {
      client: this.deps.client,
      cache: store.cache,
      jobId,
      source: this.deps.source,
      freshAfter: clock.now() - this.job.settings.cacheFreshnessHours * 3_600_000,
      now: () => clock.now(),
      signal,
      keep: (learned) => keepLearned(store, learnedBy, learned, clock.now()),
      call: (fn) => this.sendRequest(run, attempt, () => fn(signal)),
    }
    const out = await this.unit(run.row, env)
    this.storeAnswer(run, attempt, learnedBy, out)
  }

  /** A unit's request: a hit of the quota, a rate turn, the money hold told it goes out, then sent. */
  private async sendRequest<T>(run: RowRun, attempt: Attempt, send: () => Promise<T>): Promise<T> {
    const { store, clock } = this.deps
    await startHit(this.hits, this.job, this.product)
    try {
      await this.turns.take(this.stopController.signal)
      // a turn taken before the shared store went away, due after the job blocked: not sent
      if (this.coordinationWait) throw new TeamUnreachable(this.coordinationDetail)
      if (!attempt.inFlight) await attempt.hold?.sending() // may be charged from here: the team's reservation says so first
      const marked = !attempt.inFlight
      if (marked) markSending(store, this.job.id, run, attempt, clock.now())
      // asked after the mark, nothing awaited between this and the request: a stall during the
      // store write (lid closed, CPU starved) may have lost a watched file's claim meanwhile
      const held = this.deps.holdBack?.()
      if (held) {
        if (marked) unmarkSending(store, this.job.id, run, attempt)
        this.stop({ kind: 'pause', detail: held })
        // ends this request as the pause ends every waiting one: the row is left as it was, not failed
        throw new Error('pause')
      }
      return await send()
    } catch (e) {
      // Only answers count as hits (a 404 does; a refused, failed or never-sent request does not).
      if (!(e instanceof ServiceError && e.status === 404)) this.hits.unstart()
      throw e
    }
  }

  /** The unit answered (done or failed): stored, the money hold settled, the pair's answer shared. */
  private storeAnswer(run: RowRun, attempt: Attempt, learnedBy: LearnedBy, out: UnitOutcome): void {
    const { store, clock } = this.deps
    const { row } = run
    const price = PRICE_POINTS[this.product]
    this.turns.succeeded()
    this.networkStreak = 0
    const now = clock.now()
    if (!attempt.inFlight) {
      // Answered from the cache: no request, no attempt.
      store.rows.markInFlight(this.job.id, row.rowNo, now)
    }
    storeOutcome(store, learnedBy, out, now, out.type === 'done' && out.charged ? price : 0)
    if (out.type === 'done') {
      attempt.hold?.settle({ charged: out.charged && price > 0, rowNo: row.rowNo, pairKey: row.unitKey, answeredAt: now })
      if (attempt.pair?.kind === 'send') attempt.pair.finish(pairAnswer(out.result, now))
    } else {
      attempt.hold?.settle({ charged: false, rowNo: row.rowNo, pairKey: row.unitKey })
      if (attempt.pair?.kind === 'send') attempt.pair.finish(null)
    }
    attempt.hold = null
    attempt.pair = null
    this.completions.push(now)
    this.deps.onRowSettled()
  }

  /** A row that was sent goes back to pending with the error seen (one never sent simply stays pending). */
  private putBack(run: RowRun, attempt: Attempt, e: RowError): void {
    if (attempt.inFlight) this.deps.store.rows.retryLater(this.job.id, run.row.rowNo, e)
  }

  /** An attempt threw: 'again' when the row is to be attempted again, 'end' when this row's task is over. */
  private async afterFailure(run: RowRun, attempt: Attempt, err: unknown): Promise<RowNext> {
    const { store } = this.deps
    const jobId = this.job.id
    const { row } = run
    // the store could not take this row's news: the row is left for recovery, the run ends
    if (isStoreFailure(err)) throw (leaveForRecovery(attempt, row), err)
    // a service error may leave the request uncertain (maybe charged): settled once that is decided
    if (!(err instanceof ServiceError)) attempt.hold?.settle({ charged: false, rowNo: row.rowNo, pairKey: row.unitKey })
    if (attempt.pair?.kind === 'send') attempt.pair.finish(null)
    const now = this.deps.clock.now()
    if (err instanceof TeamUnreachable) {
      // nothing was sent for this row (every shared decision comes before the request)
      this.putBack(run, attempt, { code: err.reason, message: err.message })
      await this.waitForCoordination(err.detail)
      return this.rereadPending(run)
    }
    if (err instanceof LocalBlock) {
      this.putBack(run, attempt, { code: err.reason, message: err.message })
      // the store keeps rekap's own reason as its text, so each reader says it in its language
      this.stop({ kind: 'block', reason: err.reason, message: err.text ? storedText(err.text) : err.message })
      return 'end'
    }
    if (err instanceof UnitInputError) {
      if (!attempt.inFlight) store.rows.markInFlight(jobId, row.rowNo, now)
      store.rows.fail(jobId, row.rowNo, { code: err.code, message: err.message }, now)
      this.deps.onRowSettled()
      return 'end'
    }
    if (!(err instanceof ServiceError)) {
      // Pause/cancel while waiting for a rate token, or a bug: the row simply stays pending.
      if (this.stopReason) {
        this.putBack(run, attempt, { code: 'stopped', message: 'stopped before sending' })
        return 'end'
      }
      this.deps.logger.log('error', `row ${row.rowNo}: ${(err as Error).message}`)
      if (!attempt.inFlight) store.rows.markInFlight(jobId, row.rowNo, now)
      store.rows.fail(jobId, row.rowNo, { code: 'internal', message: `rekap error: ${(err as Error).message}` }, now)
      this.deps.onRowSettled()
      return 'end'
    }
    return this.afterServiceError(run, attempt, err, now)
  }

  /** The service (or the way to it) failed: the retry policy decides, and the row is stored, put back or retried. */
  private async afterServiceError(run: RowRun, attempt: Attempt, err: ServiceError, now: number): Promise<RowNext> {
    const { store } = this.deps
    const { row } = run
    if (err.kind === 'rate-limited') {
      run.rateLimitedTimes++
      // kept on the row so a report can show which rows the service slowed down
      store.marks.noteRateLimited(this.job.id, row.rowNo)
      this.turns.rateLimited(err.retryAfterMs)
    }
    if (err.kind === 'network' || err.kind === 'timeout') this.networkStreak++
    const decision = decideAfterFailure(err, {
      attempts: run.attempts - run.rateLimitedTimes,
      maxAttempts: this.job.settings.maxAttempts,
      rateLimitedTimes: run.rateLimitedTimes,
      paid: this.paid,
      resendUncertain: this.job.settings.resendUncertain,
      random: this.deps.random ?? Math.random,
    })
    attempt.hold?.settle({ charged: false, uncertain: decision.action === 'uncertain', rowNo: row.rowNo, pairKey: row.unitKey })
    const rowError = { code: err.kind, message: err.serviceMessage ?? err.message }
    switch (decision.action) {
      case 'block':
        this.putBack(run, attempt, rowError)
        this.stop({ kind: 'block', reason: decision.reason, message: decision.message })
        return 'end'
      case 'fail':
        store.rows.fail(this.job.id, row.rowNo, { code: decision.code, message: decision.message }, now, {
          product: this.product,
          hits: err.status === 404 ? 1 : 0,
          account: this.deps.account,
        })
        this.deps.onRowSettled()
        return 'end'
      case 'uncertain':
        store.rows.markUncertain(this.job.id, row.rowNo, {
          code: 'uncertain',
          message: `${decision.message} — the request may have reached the service and been charged; re-send only if you accept that risk`,
        })
        this.deps.onRowSettled()
        return 'end'
      case 'requeue':
        this.putBack(run, attempt, rowError)
        return 'end'
      case 'retry':
        this.putBack(run, attempt, rowError)
        return this.retryAfter(run, err, decision.delayMs, rowError.message)
    }
  }

  /** A retry: unless the service looks gone (offline block), waits the back-off, then the row again if still pending. */
  private async retryAfter(run: RowRun, err: ServiceError, delayMs: number, message: string): Promise<RowNext> {
    const { row } = run
    if (this.networkStreak >= OFFLINE_AFTER) {
      this.stop({ kind: 'block', reason: 'offline', message: storedText(coreText('block.offline', { detail: message })) })
      return 'end'
    }
    // Counted by the CLI's --verbose summary (retries, 429 back-offs, time waited).
    this.deps.logger.log('info', `row ${row.rowNo}: ${err.kind}${err.status ? ` (${err.status})` : ''}, retry in ${delayMs} ms`, {
      event: 'retry',
      row: row.rowNo,
      kind: err.kind,
      waitMs: delayMs,
    })
    try {
      await this.deps.clock.sleep(delayMs, this.stopController.signal)
    } catch {
      return 'end'
    }
    return this.rereadPending(run)
  }

  /** The row as the store has it now: attempted again only while it is still pending. */
  private rereadPending(run: RowRun): RowNext {
    run.row = this.deps.store.rows.get(this.job.id, run.row.rowNo) ?? run.row
    return run.row.state !== 'pending' ? 'end' : 'again'
  }
}
