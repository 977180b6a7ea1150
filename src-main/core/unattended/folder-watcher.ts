import { basename } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { JobPlanView } from '../../contract/ipc'
import type { Engine } from '../engine/types'
import type { Store } from '../store'
import { coreText, renderCoreText, storedText, textOfError, type CoreText, type CoreTextLang } from '../texts/core-text'
import type { Preset } from './presets'
import { admit, type Admission } from './watch-rules'
import { isArchive, unpackTaken } from './watch-archive'
import { claim, claimPath, FileSettler, fileFingerprint, foreignClaims, isDroppedLink, isWaiting, reclaim, settle, takenFiles, takeOver, waiting } from './watch-folder'
import { CLAIM_STALE_MS, claimHolder, ForeignClaims } from './claim-owner'
import { beatClaim, heartbeatFor, startClaimHeartbeat } from './claim-heartbeat'
import { lossText, OwnClaim } from './own-claim'
import { seenClaimsIn } from './seen-claims'
import { keepWatchedOrigin, TAKEN_PREFIX } from './watched-job'

/** What a watcher needs of the process running it: `rekap watch` and the app's Folder pantau each give theirs. */
export interface WatchPorts {
  store: Store
  engine: Engine
  preset: Preset
  /**
   * plans a taken workbook with the preset (the kind chosen, the settings made the caller's way);
   * `signal` is the watcher's stop, given to the engine's plan (its page probes end with it)
   */
  planFile(file: string, signal: AbortSignal): Promise<JobPlanView>
  /** writes a finished job's report (and run record) into selesai/; returns the report's path */
  finishReport(work: string, jobId: string): Promise<string>
  lang(): CoreTextLang
  /** one line of what the watcher did (the CLI prints it; the app keeps the last ones for the screen) */
  say(line: string): void
  /** a file ended (done / blocked / waiting / refused): `--on-finish`, the app's notice */
  ended(jobId: string, state: 'done' | 'blocked' | 'waiting' | 'refused', report: string): void
}

/** What the watcher remembers of a file it took, by the file's SHA-256 (in the store's settings). */
interface TakenRecord {
  jobId: string
  name: string
  /** planned: not decided yet; admitted: run (resume it); waiting: for a person; refused: filed under gagal/ */
  status: 'planned' | 'admitted' | 'waiting' | 'refused'
}

const takenKey = (fp: string): string => `${TAKEN_PREFIX}${fp}`

export interface WatchLoopOptions {
  settleMs?: number
  intervalMs?: number
  /** stop once nothing is left to take (tests, cron) */
  once?: boolean
  /** false: the wait between looks does not keep the process alive (the app: closing it ends the watch) */
  keepAlive?: boolean
  /** another computer's claim is taken over after its heartbeat has not moved this long (claim-owner.ts) */
  claimStaleMs?: number
  /** how often this watcher's own claims are touched (claim-heartbeat.ts; six times a window unless said) */
  heartbeatMs?: number
}

/**
 * A watched folder: takes each complete workbook (or .zip) that appears in `dir`, plans it with
 * the preset, runs it when the plan is within the preset's limits (watch-rules.ts), and files it
 * under selesai/ or gagal/; otherwise it waits in proses/ with a note for a person. The same
 * engine as an interactive run: pre-flight, budget, pay-once, crash-safe resume. Restarted after a
 * crash it resumes what it had taken; it never takes a file twice.
 */
export class FolderWatcher {
  private current: string | null = null
  private stopping = false
  private foreign = new ForeignClaims(CLAIM_STALE_MS)
  /** the claim of the file whose job runs now: checked before each of its requests */
  private own: OwnClaim | null = null
  /** aborted by stop(): a plan under way sends no more page probes */
  private readonly stopSignal = new AbortController()

  constructor(
    private readonly dir: string,
    private readonly p: WatchPorts,
  ) {}

  private text(t: CoreText): string {
    return renderCoreText(t, this.p.lang())
  }

  private why(err: unknown): string {
    const t = textOfError(err)
    return t ? this.text(t) : err instanceof Error ? err.message : String(err)
  }

  /**
   * Asks the loop to end: a job running now is paused, and none starts sending after this (one being
   * planned now sends no more page probes and is left planned), each left with a note saying how to go on.
   */
  stop(): void {
    this.stopping = true
    this.stopSignal.abort()
    if (this.current) this.p.engine.pause(this.current).catch(() => undefined)
  }

  get stopped(): boolean {
    return this.stopping
  }

  /** Resumes what was taken before, then takes complete files until stopped (or, with `once`, until none is left). */
  async run(o: WatchLoopOptions = {}): Promise<void> {
    const windowMs = o.claimStaleMs ?? CLAIM_STALE_MS
    // kept in this computer's store: successive `--once` runs (cron) add up what they saw
    this.foreign = new ForeignClaims(windowMs, seenClaimsIn(this.p.store, this.dir))
    // from the start: a file resumed below is claimed from then on, and other computers must see it alive
    const heartbeat = startClaimHeartbeat(this.dir, o.heartbeatMs ?? heartbeatFor(windowMs), (f) => {
      if (this.own?.claimFile === f) this.own.beaten()
    })
    try {
      for (const work of takenFiles(this.dir)) if (!this.stopping && reclaim(this.dir, basename(work))) await this.resumeTaken(work)
      await this.lookAtForeignClaims()
      const settler = new FileSettler(o.settleMs ?? 2000)
      let lastVisit = Date.now()
      while (!this.stopping) {
        // a file that waits for a person: someone may have run it meanwhile (rekap resume, the app);
        // another computer's claim: its heartbeat may have stopped
        if (Date.now() - lastVisit > 5000) {
          lastVisit = Date.now()
          await this.revisitWaiting()
          await this.lookAtForeignClaims()
        }
        const ready = settler.ready(this.dir, Date.now())
        for (const name of ready) {
          if (this.stopping) break
          const work = claim(this.dir, name)
          if (work) await this.take(work)
        }
        if (o.once && !ready.length && !settler.pending()) break
        await sleep(o.intervalMs ?? 500, undefined, { ref: o.keepAlive ?? true })
      }
    } finally {
      heartbeat.stop()
    }
  }

  /**
   * Files another computer claimed (a shared folder: each desk has its own store, nothing would
   * stop both paying for every row): left to it while its heartbeat moves, said once; taken over
   * and resumed once it has not moved for the staleness window on this computer's clock.
   */
  private async lookAtForeignClaims(): Promise<void> {
    const claims = foreignClaims(this.dir)
    this.foreign.keepOnly(new Set(claims.map((c) => c.claimFile)))
    for (const c of claims) {
      if (this.stopping) return
      const j = this.foreign.judge(c.claimFile, c.stamp, Date.now())
      if (j.verdict === 'alive') {
        if (j.first) this.p.say(this.text(coreText('watch.takenElsewhere', { name: c.name, host: c.host })))
        continue
      }
      if (!takeOver(this.dir, c.name, c.stamp)) continue
      this.p.say(this.text(coreText('watch.takenOver', { name: c.name, host: c.host, seconds: Math.round(this.foreign.windowMs / 1000) })))
      await this.resumeTaken(c.file)
    }
  }

  private record(fp: string): TakenRecord | undefined {
    return this.p.store.settings.get<TakenRecord>(takenKey(fp))
  }

  /** A file just taken: a workbook seen before goes on as before; a new one is planned and decided. */
  async take(work: string): Promise<void> {
    if (isDroppedLink(work)) {
      const why = this.text(coreText('watch.link', {}))
      settle(this.dir, work, 'failed', why)
      this.p.say(this.text(coreText('watch.refused', { name: basename(work), why })))
      this.p.ended('', 'refused', '')
      return
    }
    const fp = await fileFingerprint(work)
    const known = this.record(fp)
    const job = known && this.p.store.jobs.get(known.jobId)
    if (known && job?.state === 'done') {
      const why = this.text(coreText('watch.alreadyDone', { job: known.jobId, name: known.name }))
      settle(this.dir, work, 'failed', why)
      this.p.say(this.text(coreText('watch.refused', { name: basename(work), why })))
      return
    }
    if (known && job && known.status !== 'refused') return this.resumeTaken(work)
    // taken, not planned yet: the claim stays this computer's, the next watcher here plans it
    if (this.stopping) return
    let plan: JobPlanView
    try {
      // a .zip of a workbook and its photos: unpacked in proses/ with the upload's caps, its workbook planned
      plan = await this.p.planFile(isArchive(work) ? await unpackTaken(this.dir, work) : work, this.stopSignal.signal)
    } catch (err) {
      const why = this.why(err)
      settle(this.dir, work, 'failed', why)
      this.p.say(this.text(coreText('watch.refused', { name: basename(work), why })))
      this.p.ended('', 'refused', '')
      return
    }
    this.p.store.settings.set(takenKey(fp), { jobId: plan.jobId, name: basename(work), status: 'planned' } satisfies TakenRecord)
    // a person's resume of it is judged by this file's claim from now on (watched-run-rule.ts)
    keepWatchedOrigin(this.p.store, plan.jobId, this.dir, basename(work))
    this.p.say(`job ${plan.jobId} ${basename(work)}`)
    await this.decide(work, fp, plan)
  }

  private async decide(work: string, fp: string, plan: JobPlanView): Promise<void> {
    const a = admit(plan, this.p.preset)
    const status = a.verdict === 'run' ? 'admitted' : a.verdict === 'wait' ? 'waiting' : 'refused'
    this.p.store.settings.set(takenKey(fp), { jobId: plan.jobId, name: basename(work), status } satisfies TakenRecord)
    const name = basename(work)
    if (a.verdict === 'refuse') {
      // nobody will run a refused workbook's plan: cancelled, so History does not offer it as ready
      await this.p.engine.cancel(plan.jobId).catch(() => undefined)
      settle(this.dir, work, 'failed', this.admissionText(a))
      this.p.say(this.text(coreText('watch.refused', { name, why: this.admissionText(a) })))
      this.p.ended(plan.jobId, 'refused', '')
    } else if (a.verdict === 'wait') {
      waiting(this.dir, work, `${this.admissionText(a)}\n${this.text(coreText('watch.howToGoOn', { job: plan.jobId }))}`)
      this.p.say(this.text(coreText('watch.waits', { name, job: plan.jobId, why: this.admissionText(a) })))
      this.p.ended(plan.jobId, 'waiting', '')
    } else await this.runJob(work, plan.jobId)
  }

  /** Waiting files whose job a person ran meanwhile: filed under selesai/ (or gagal/ if cancelled). */
  async revisitWaiting(): Promise<void> {
    for (const work of takenFiles(this.dir)) {
      if (!isWaiting(this.dir, work)) continue
      const known = this.record(await fileFingerprint(work))
      const job = known && this.p.store.jobs.get(known.jobId)
      if (job?.state === 'done') await this.finish(work, job.id)
      else if (job?.state === 'cancelled') settle(this.dir, work, 'failed', this.text(coreText('watch.cancelled', { job: job.id })))
    }
  }

  /** A file in proses/ at start-up, or taken again: finish, resume, or keep waiting. */
  async resumeTaken(work: string): Promise<void> {
    const fp = await fileFingerprint(work)
    const known = this.record(fp)
    const job = known && this.p.store.jobs.get(known.jobId)
    if (!known || !job || known.status === 'refused') {
      // taken, then the watcher died before it planned (or it was refused before and sent again): plan it now
      this.p.store.settings.delete(takenKey(fp))
      return this.take(work)
    }
    if (job.state === 'done') return this.finish(work, job.id)
    if (job.state === 'cancelled') {
      settle(this.dir, work, 'failed', this.text(coreText('watch.cancelled', { job: job.id })))
      return
    }
    if ((job.state === 'ready' || job.state === 'draft') && known.status !== 'admitted') {
      const note = known.status === 'planned' ? coreText('watch.undecided', { job: job.id }) : coreText('watch.howToGoOn', { job: job.id })
      if (!isWaiting(this.dir, work)) waiting(this.dir, work, this.text(note))
      this.p.say(this.text(coreText('watch.stillWaiting', { name: basename(work), job: job.id })))
      return
    }
    await this.runJob(work, job.id)
  }

  private async runJob(work: string, jobId: string): Promise<void> {
    // stop asked while it was planned (or before a restart's resume): it waits, planned, for a person or the next watcher
    if (this.stopping) return this.leftByStop(work, jobId)
    const own = this.holdClaim(work)
    if (own.lost()) return this.claimLost(work, jobId, own)
    keepWatchedOrigin(this.p.store, jobId, this.dir, basename(work)) // a job planned by an earlier rekap too
    this.current = jobId
    this.own = own
    try {
      // a stalled process (lid closed, share out of reach) may have lost its claim: checked before each request
      await this.p.engine.start(jobId, { holdBack: () => this.heldBack(work, jobId, own) })
      const final = await this.p.engine.settled(jobId)
      if (final.state === 'paused' && own.lost()) return this.claimLost(work, jobId, own)
      if (final.state === 'done') return await this.finish(work, jobId)
      if (final.state === 'blocked') {
        const why = this.text(coreText('watch.blocked', { reason: final.blockedReason ?? '', job: jobId }))
        waiting(this.dir, work, why)
        this.p.say(this.text(coreText('watch.waits', { name: basename(work), job: jobId, why })))
        this.p.ended(jobId, 'blocked', '')
      }
      // paused by the watcher's stop (a restart resumes it); by a person otherwise (left to them)
      if (final.state === 'paused' && this.stopping) this.leftByStop(work, jobId)
    } catch (err) {
      this.p.say(this.text(coreText('watch.cannotRun', { name: basename(work), job: jobId, why: this.why(err) })))
    } finally {
      this.current = null
      this.own = null
    }
  }

  /** The claim of the file about to run, beaten now: planning may have taken a while since it was written. */
  private holdClaim(work: string): OwnClaim {
    const file = claimPath(this.dir, basename(work))
    beatClaim(file)
    return new OwnClaim(file, this.foreign.windowMs)
  }

  private heldBack(work: string, jobId: string, own: OwnClaim): string | null {
    // stop asked during the hand-off to engine.start: its pause found the job not running yet
    if (this.stopping) return storedText(this.stopNote(work, jobId))
    const loss = own.lost()
    return loss ? storedText(lossText(loss, basename(work), jobId)) : null
  }

  /**
   * The job paused (or not started) because its claim was lost. Still this process's (it lapsed,
   * nobody took it): a note tells a person how to go on. Another's: its folder entries are left alone.
   */
  private claimLost(work: string, jobId: string, own: OwnClaim): void {
    const why = this.text(lossText(own.lost()!, basename(work), jobId))
    if (claimHolder(own.claimFile).kind === 'this-process') waiting(this.dir, work, why)
    this.p.say(why)
  }

  private stopNote(work: string, jobId: string): CoreText {
    return coreText('watch.stopped', { name: basename(work), job: jobId, dir: this.dir })
  }

  /** The watcher stopped before this job was done: nothing more is sent; the note in proses/ says how to go on. */
  private leftByStop(work: string, jobId: string): void {
    const note = this.text(this.stopNote(work, jobId))
    waiting(this.dir, work, note)
    this.p.say(note)
  }

  private async finish(work: string, jobId: string): Promise<void> {
    const report = await this.p.finishReport(work, jobId)
    settle(this.dir, work, 'done')
    this.p.say(this.text(coreText('watch.done', { name: basename(work), job: jobId, report })))
    this.p.ended(jobId, 'done', report)
  }

  private admissionText(a: Exclude<Admission, { verdict: 'run' }>): string {
    switch (a.code) {
      case 'empty':
        return this.text(coreText('watch.empty', {}))
      case 'too-many-failing':
        return this.text(coreText('watch.tooManyFailing', { pct: Math.round((a.share ?? 0) * 100), limit: Math.round((a.limit ?? 0) * 100) }))
      case 'over-budget':
        return this.text(coreText('watch.overBudget', { needed: a.needed, budget: a.available }))
      case 'quota-shortfall':
        return this.text(coreText('watch.quotaShortfall', { needed: a.needed, left: a.available }))
    }
  }
}
