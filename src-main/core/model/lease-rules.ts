/**
 * Who may run a job: the lease rules. Pure (no clock, no process table, no SQL), so the
 * local SQLite store and a later shared server store apply exactly the same decisions.
 *
 * A running job has one owner, named by host + pid + the process's start time (a pid alone
 * is reused by the OS). The owner renews its lease (heartbeat) while it runs and deletes it
 * when it stops. Another process asks `judgeLease`:
 *   - same host (and the same boot of it, model/machine-id.ts: a cloned machine with the same
 *     name is another host): the owner is alive iff its process is (a dead pid frees the job at once);
 *     a lease not renewed for STALE_SAME_HOST_MS is dead too (pid reused after a reboot);
 *   - another host: the process table is out of reach, so the lease is alive until it expires.
 */
import type { JobState } from '../../contract/job-names'
import type { JobStateView } from '../../contract/job-views'
import { parseMachine, sameMachine } from './machine-id'
export const HEARTBEAT_MS = 500
/** another host's owner that missed this many ms of heartbeats is dead */
export const LEASE_TTL_MS = 15_000
export const STALE_SAME_HOST_MS = 5 * 60_000

export interface OwnerIdentity {
  /** host + pid + process start time (+ an engine instance, so two engines in one process never share a job) */
  ownerId: string
  host: string
  pid: number
  processStartedAt: number
}

/** A stop asked of the owner by another process or the UI; the owner obeys within a heartbeat. */
export type OwnerRequest = 'pause' | 'cancel'

export interface Lease extends OwnerIdentity {
  jobId: string
  acquiredAt: number
  heartbeatAt: number
  expiresAt: number
  request: OwnerRequest | null
  requestedAt: number | null
}

/** none: nobody owns it; self: this engine; live: another live owner; dead: an owner that died */
export type LeaseHolder = 'none' | 'self' | 'live' | 'dead'

export interface LeaseEnv {
  now: number
  /** is this process (pid, started at) still running on this host? */
  processAlive: (pid: number, processStartedAt: number) => boolean
}

export function ownerIdOf(host: string, pid: number, processStartedAt: number, instance: string): string {
  return `${host}:${pid}:${processStartedAt}:${instance}`
}

export function judgeLease(lease: Lease | null | undefined, me: OwnerIdentity, env: LeaseEnv): LeaseHolder {
  if (!lease) return 'none'
  if (lease.ownerId === me.ownerId) return 'self'
  if (sameMachine(lease.host, me.host)) {
    if (env.now - lease.heartbeatAt > STALE_SAME_HOST_MS) return 'dead'
    return env.processAlive(lease.pid, lease.processStartedAt) ? 'live' : 'dead'
  }
  return env.now < lease.expiresAt ? 'live' : 'dead'
}

/**
 * Who holds a plan not started yet: the engine that made it, while its process lives (it may be
 * at its confirmation). Another host's process table is out of reach, so its plan is held until
 * it ages out with the week-old plans (engine/index.ts UNSTARTED_PLAN_KEEP_MS).
 */
export function judgePlanner(planner: OwnerIdentity | null | undefined, me: OwnerIdentity, env: LeaseEnv): LeaseHolder {
  if (!planner) return 'none'
  if (planner.ownerId === me.ownerId) return 'self'
  if (!sameMachine(planner.host, me.host)) return 'live'
  return env.processAlive(planner.pid, planner.processStartedAt) ? 'live' : 'dead'
}

/** The lease row an owner writes when it takes the job or renews it. */
export function leaseFor(jobId: string, me: OwnerIdentity, now: number, acquiredAt = now): Lease {
  return { ...me, jobId, acquiredAt, heartbeatAt: now, expiresAt: now + LEASE_TTL_MS, request: null, requestedAt: null }
}

/** May `me` take the job now? Only when nobody else holds a live lease. */
export function mayAcquire(holder: LeaseHolder): boolean {
  return holder !== 'live'
}

/** The state a user sees (app, CLI, reports): `running` with no live owner is `interrupted`. */
export function shownState(state: JobState, holder: LeaseHolder): JobStateView {
  return isInterrupted(state, holder) ? 'interrupted' : state
}

/** A job the store says is running but no live owner works on: shown `interrupted`, resumable. */
export function isInterrupted(state: string, holder: LeaseHolder): boolean {
  return state === 'running' && (holder === 'none' || holder === 'dead')
}

/** "pid 4242 on host laptop since 10:41:07": how a refusal names the owner. */
export function describeOwner(lease: Pick<Lease, 'pid' | 'host' | 'acquiredAt'>): string {
  return `pid ${lease.pid} on host ${parseMachine(lease.host).host} since ${new Date(lease.acquiredAt).toISOString()}`
}
