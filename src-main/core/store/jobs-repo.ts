import { randomUUID } from 'node:crypto'
import { type Db, writeTransaction } from './database'
import { removingJobs } from './job-removal'
import type { JobKind } from '../../contract/job-kinds'
import type { JobSettings } from '../model/job-settings'
import { canTransitionJob, type BlockedReason, type JobState } from '../model/job-state'
import type { OwnerIdentity } from '../model/lease-rules'

export interface JobRecord {
  id: string
  kind: JobKind
  state: JobState
  blockedReason: BlockedReason | null
  /** a plain-words note on the state: the service's message, 'interrupted', ... */
  stateDetail: string | null
  inputFile: string | null
  inputName: string | null
  inputFingerprint: string | null
  sheet: string | null
  headerRow: number | null
  headers: string[]
  mapping: Record<string, string>
  settings: JobSettings
  plan: unknown
  attempt: number
  activeMs: number
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
  updatedAt: number
}

export interface NewJob {
  kind: JobKind
  inputFile?: string | null
  inputName?: string | null
  inputFingerprint?: string | null
  sheet?: string | null
  headerRow?: number | null
  headers?: string[]
  mapping?: Record<string, string>
  settings: JobSettings
  plan?: unknown
}

export interface JobTransition {
  at: number
  from: JobState | null
  to: JobState
  reason: string | null
  detail: string | null
}

export class IllegalTransitionError extends Error {
  constructor(
    readonly jobId: string,
    readonly from: JobState,
    readonly to: JobState,
  ) {
    super(`job ${jobId} cannot go from ${from} to ${to}`)
  }
}

interface JobRowDb {
  id: string
  kind: string
  state: string
  blocked_reason: string | null
  state_detail: string | null
  input_file: string | null
  input_name: string | null
  input_fingerprint: string | null
  sheet: string | null
  header_row: number | null
  headers_json: string
  mapping_json: string
  settings_json: string
  plan_json: string | null
  attempt: number
  active_ms: number
  created_at: number
  started_at: number | null
  finished_at: number | null
  updated_at: number
}

function toJob(r: JobRowDb): JobRecord {
  return {
    id: r.id,
    kind: r.kind as JobKind,
    state: r.state as JobState,
    blockedReason: r.blocked_reason as BlockedReason | null,
    stateDetail: r.state_detail,
    inputFile: r.input_file,
    inputName: r.input_name,
    inputFingerprint: r.input_fingerprint,
    sheet: r.sheet,
    headerRow: r.header_row,
    headers: JSON.parse(r.headers_json),
    mapping: JSON.parse(r.mapping_json),
    settings: JSON.parse(r.settings_json),
    plan: r.plan_json ? JSON.parse(r.plan_json) : null,
    attempt: r.attempt,
    activeMs: r.active_ms,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    updatedAt: r.updated_at,
  }
}

/** Short, typeable job ids ('j7f3a2c91') so a user can resume a killed run by hand. */
export function newJobId(): string {
  return 'j' + randomUUID().replace(/-/g, '').slice(0, 8)
}

export class JobsRepo {
  constructor(private readonly db: Db) {}

  create(job: NewJob, now: number): JobRecord {
    const id = newJobId()
    const state: JobState = 'draft'
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO jobs (id, kind, state, input_file, input_name, input_fingerprint, sheet, header_row,
             headers_json, mapping_json, settings_json, plan_json, created_at, updated_at)
           VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
        )
        .run(
          id,
          job.kind,
          state,
          job.inputFile ?? null,
          job.inputName ?? null,
          job.inputFingerprint ?? null,
          job.sheet ?? null,
          job.headerRow ?? null,
          JSON.stringify(job.headers ?? []),
          JSON.stringify(job.mapping ?? {}),
          JSON.stringify(job.settings),
          job.plan === undefined ? null : JSON.stringify(job.plan),
          now,
          now,
        )
      this.logTransition(id, null, state, 'created', null, now)
    })
    return this.get(id)!
  }

  get(id: string): JobRecord | undefined {
    const r = this.db.prepare<unknown[], JobRowDb>('SELECT * FROM jobs WHERE id = ?').get(id)
    return r ? toJob(r) : undefined
  }

  /** Accepts a full id or a unique prefix, as users type them. */
  resolveId(idOrPrefix: string): string | undefined {
    const exact = this.db.prepare<unknown[], { id: string }>('SELECT id FROM jobs WHERE id = ?').get(idOrPrefix)
    if (exact) return exact.id
    const rows = this.db.prepare<unknown[], { id: string }>("SELECT id FROM jobs WHERE id LIKE ? || '%' LIMIT 2").all(idOrPrefix)
    return rows.length === 1 ? rows[0].id : undefined
  }

  list(): JobRecord[] {
    return (this.db.prepare<unknown[], JobRowDb>('SELECT * FROM jobs ORDER BY created_at DESC, id').all()).map(toJob)
  }

  /**
   * Moves a job to a new state, logging the transition in the same transaction.
   * Throws IllegalTransitionError if the state machine forbids it.
   */
  transition(
    id: string,
    to: JobState,
    now: number,
    opts: { reason?: string | null; blockedReason?: BlockedReason | null; detail?: string | null } = {},
  ): JobRecord {
    writeTransaction(this.db, () => {
      const cur = this.db.prepare<unknown[], { state: JobState; started_at: number | null }>('SELECT state, started_at FROM jobs WHERE id = ?').get(id)
      if (!cur) throw new Error(`no job ${id}`)
      if (!canTransitionJob(cur.state, to)) throw new IllegalTransitionError(id, cur.state, to)
      const startedAt = to === 'running' && cur.started_at === null ? now : cur.started_at
      const finishedAt = to === 'done' || to === 'cancelled' ? now : null
      this.db
        .prepare(
          `UPDATE jobs SET state = ?, blocked_reason = ?, state_detail = ?, started_at = ?, finished_at = ?, updated_at = ?
           WHERE id = ?`,
        )
        .run(to, to === 'blocked' ? (opts.blockedReason ?? null) : null, opts.detail ?? null, startedAt, finishedAt, now, id)
      this.logTransition(id, cur.state, to, opts.reason ?? opts.blockedReason ?? null, opts.detail ?? null, now)
    })
    return this.get(id)!
  }

  update(id: string, patch: Partial<Pick<NewJob, 'mapping' | 'settings' | 'plan' | 'headers' | 'sheet' | 'headerRow'>>, now: number): void {
    const sets: string[] = []
    const values: unknown[] = []
    if (patch.mapping) (sets.push('mapping_json = ?'), values.push(JSON.stringify(patch.mapping)))
    if (patch.settings) (sets.push('settings_json = ?'), values.push(JSON.stringify(patch.settings)))
    if (patch.plan !== undefined) (sets.push('plan_json = ?'), values.push(JSON.stringify(patch.plan)))
    if (patch.headers) (sets.push('headers_json = ?'), values.push(JSON.stringify(patch.headers)))
    if (patch.sheet !== undefined) (sets.push('sheet = ?'), values.push(patch.sheet))
    if (patch.headerRow !== undefined) (sets.push('header_row = ?'), values.push(patch.headerRow))
    if (!sets.length) return
    sets.push('updated_at = ?')
    values.push(now, id)
    this.db.prepare(`UPDATE jobs SET ${sets.join(', ')} WHERE id = ?`).run(...values)
  }

  addActiveTime(id: string, ms: number): void {
    this.db.prepare('UPDATE jobs SET active_ms = active_ms + ? WHERE id = ?').run(Math.max(0, Math.round(ms)), id)
  }

  bumpAttempt(id: string): void {
    this.db.prepare('UPDATE jobs SET attempt = attempt + 1 WHERE id = ?').run(id)
  }

  transitions(id: string): JobTransition[] {
    return (
      this.db
        .prepare<unknown[], { at: number; from_state: JobState | null; to_state: JobState; reason: string | null; detail: string | null }>('SELECT at, from_state, to_state, reason, detail FROM job_transitions WHERE job_id = ? ORDER BY id')
        .all(id)
    ).map((t) => ({ at: t.at, from: t.from_state, to: t.to_state, reason: t.reason, detail: t.detail }))
  }

  /** Plans never started (dry runs, declined confirmations) created before `before`: deleted with their rows. */
  deleteUnstartedPlans(before: number): string[] {
    // removingJobs: the plans' rows go after, a few thousand per transaction (job-removal.ts)
    return removingJobs(this.db, () => writeTransaction(this.db, () => {
      const ids = (
        this.db
          .prepare<unknown[], { id: string }>("SELECT id FROM jobs WHERE state IN ('draft', 'ready') AND started_at IS NULL AND created_at < ?")
          .all(before)
      ).map((r) => r.id)
      const del = this.db.prepare('DELETE FROM jobs WHERE id = ?')
      for (const id of ids) del.run(id)
      return ids
    }))
  }

  /** Records who made a plan (the engine that will ask to start it): see deleteUnstartedPlansOf. */
  holdPlan(jobId: string, me: OwnerIdentity): void {
    this.db
      .prepare('INSERT OR REPLACE INTO plan_holders (job_id, owner_id, host, pid, process_started_at) VALUES (?,?,?,?,?)')
      .run(jobId, me.ownerId, me.host, me.pid, me.processStartedAt)
  }

  /** An engine that closes gives up its plans: a later plan of the same workbook may replace them. */
  releasePlans(ownerId: string): void {
    this.db.prepare('DELETE FROM plan_holders WHERE owner_id = ?').run(ownerId)
  }

  /**
   * Plans of the same workbook (same SHA-256) and kind that were never started, except `keep`:
   * a new plan replaces them (nothing was sent for them), so dry runs do not pile up in History.
   * Only `ready` ones (a `draft` may be a plan another process is still importing), and only
   * those `replaceable` says of their planner (one another live process made may be at its
   * confirmation); judged and deleted in one IMMEDIATE transaction.
   */
  deleteUnstartedPlansOf(fingerprint: string, kind: string, keep: string, replaceable: (planner: OwnerIdentity | null) => boolean): string[] {
    // removingJobs: a replaced 1,000,000-row plan's rows go after, a few thousand per transaction (job-removal.ts)
    return removingJobs(this.db, () => writeTransaction(this.db, () => {
      const candidates = this.db
        .prepare<unknown[], { id: string; owner_id: string | null; host: string; pid: number; process_started_at: number }>(
          `SELECT j.id, p.owner_id, p.host, p.pid, p.process_started_at FROM jobs j LEFT JOIN plan_holders p ON p.job_id = j.id
           WHERE j.state = 'ready' AND j.started_at IS NULL AND j.input_fingerprint = ? AND j.kind = ? AND j.id != ?`,
        )
        .all(fingerprint, kind, keep)
      const ids = candidates
        .filter((c) => replaceable(c.owner_id === null ? null : { ownerId: c.owner_id, host: c.host, pid: c.pid, processStartedAt: c.process_started_at }))
        .map((c) => c.id)
      const del = this.db.prepare('DELETE FROM jobs WHERE id = ?')
      for (const id of ids) del.run(id)
      return ids
    }))
  }

  delete(id: string): void {
    removingJobs(this.db, () => this.db.prepare('DELETE FROM jobs WHERE id = ?').run(id))
  }

  private logTransition(id: string, from: JobState | null, to: JobState, reason: string | null, detail: string | null, now: number): void {
    this.db
      .prepare('INSERT INTO job_transitions (job_id, at, from_state, to_state, reason, detail) VALUES (?,?,?,?,?,?)')
      .run(id, now, from, to, reason, detail)
  }
}
