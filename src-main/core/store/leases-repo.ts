import { type Db, writeTransaction } from './database'
import {
  judgeLease,
  leaseFor,
  mayAcquire,
  type Lease,
  type LeaseEnv,
  type LeaseHolder,
  type OwnerIdentity,
  type OwnerRequest,
} from '../model/lease-rules'

interface LeaseDb {
  job_id: string
  owner_id: string
  host: string
  pid: number
  process_started_at: number
  acquired_at: number
  heartbeat_at: number
  expires_at: number
  request: OwnerRequest | null
  requested_at: number | null
}

function toLease(r: LeaseDb): Lease {
  return {
    jobId: r.job_id,
    ownerId: r.owner_id,
    host: r.host,
    pid: r.pid,
    processStartedAt: r.process_started_at,
    acquiredAt: r.acquired_at,
    heartbeatAt: r.heartbeat_at,
    expiresAt: r.expires_at,
    request: r.request,
    requestedAt: r.requested_at,
  }
}

export type AcquireResult = { ok: true; previous: LeaseHolder } | { ok: false; owner: Lease }

/**
 * Job leases in SQLite. The decisions are lease-rules.ts's; this only reads and writes rows,
 * each check-and-write in one IMMEDIATE transaction so two processes cannot both win.
 */
export class LeasesRepo {
  constructor(private readonly db: Db) {}

  get(jobId: string): Lease | undefined {
    const r = this.db.prepare<unknown[], LeaseDb>('SELECT * FROM job_leases WHERE job_id = ?').get(jobId)
    return r ? toLease(r) : undefined
  }

  all(): Lease[] {
    return (this.db.prepare<unknown[], LeaseDb>('SELECT * FROM job_leases').all()).map(toLease)
  }

  /** Takes the job unless another live owner holds it; `previous` tells whether a dead owner was replaced. */
  acquire(jobId: string, me: OwnerIdentity, env: LeaseEnv): AcquireResult {
    return writeTransaction(this.db, (): AcquireResult => {
      const cur = this.get(jobId)
      const holder = judgeLease(cur, me, env)
      if (!mayAcquire(holder)) return { ok: false, owner: cur! }
      if (holder === 'self') return { ok: true, previous: holder }
      this.write(leaseFor(jobId, me, env.now))
      return { ok: true, previous: holder }
    })
  }

  /** Renews the lease; returns it (with any pending request), or null if this owner lost it. */
  heartbeat(jobId: string, me: OwnerIdentity, now: number): Lease | null {
    const l = leaseFor(jobId, me, now)
    const info = this.db
      .prepare('UPDATE job_leases SET heartbeat_at = ?, expires_at = ? WHERE job_id = ? AND owner_id = ?')
      .run(l.heartbeatAt, l.expiresAt, jobId, me.ownerId)
    return info.changes === 1 ? (this.get(jobId) ?? null) : null
  }

  release(jobId: string, me: OwnerIdentity): void {
    this.db.prepare('DELETE FROM job_leases WHERE job_id = ? AND owner_id = ?').run(jobId, me.ownerId)
  }

  /**
   * Asks the live owner to pause or cancel. A cancel overrides a pending pause, never the other
   * way round. Returns false if the lease is gone or changed hands meanwhile.
   */
  request(jobId: string, ownerId: string, what: OwnerRequest, now: number): boolean {
    const info = this.db
      .prepare(
        `UPDATE job_leases SET request = ?, requested_at = ?
         WHERE job_id = ? AND owner_id = ? AND (request IS NULL OR request = 'pause')`,
      )
      .run(what, now, jobId, ownerId)
    return info.changes === 1 || this.get(jobId)?.request === 'cancel'
  }

  private write(l: Lease): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO job_leases (job_id, owner_id, host, pid, process_started_at, acquired_at, heartbeat_at, expires_at, request, requested_at)
         VALUES (?,?,?,?,?,?,?,?,?,?)`,
      )
      .run(l.jobId, l.ownerId, l.host, l.pid, l.processStartedAt, l.acquiredAt, l.heartbeatAt, l.expiresAt, l.request, l.requestedAt)
  }
}
