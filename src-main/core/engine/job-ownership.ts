import type { Logger } from '../context'
import type { JobRecord, Store } from '../store'
import { kindModule } from '../kinds/registry'
import { PRICE_POINTS } from '../model/products'
import { availableActions, mayRunByState, RUNS_THE_JOB, whyNot, type JobAction, type JobFacts } from '../model/job-actions'
import { HEARTBEAT_MS, isInterrupted, judgeLease, type LeaseEnv, type OwnerIdentity, type OwnerRequest } from '../model/lease-rules'
import { ActionRefusedError, JobOwnedError } from './action-errors'
import { watchedClaimRefusal } from '../unattended/watched-claim-gate'
import type { Ownership } from './views'
import { isStoreBusy } from './stopped-reason'
import { coreText } from '../texts/core-text'

export interface JobOwnershipDeps {
  store: Store
  /** who this engine is in leases */
  me: OwnerIdentity
  env: () => LeaseEnv
  logger: Logger
}

const isPaid = (j: JobRecord): boolean => PRICE_POINTS[kindModule(j.kind).product] > 0

interface KeepAliveHandlers {
  lost: () => void
  request: (what: OwnerRequest) => void
}

/** One heartbeat of keepAlive: renews the lease, and passes on each new pause/cancel request once. */
function heartbeatTick(d: JobOwnershipDeps, jobId: string, now: () => number, on: KeepAliveHandlers): () => void {
  let obeyed: OwnerRequest | null = null
  // said once per spell of a held data file (a tick every HEARTBEAT_MS would repeat it), SQLite's words for --verbose
  let busySaid = false
  return () => {
    try {
      const lease = d.store.leases.heartbeat(jobId, d.me, now())
      busySaid = false
      if (!lease) {
        d.logger.log('error', `job ${jobId}: this process no longer owns the job; stopping`)
        on.lost()
        return
      }
      if (lease.request && lease.request !== obeyed) {
        obeyed = lease.request
        on.request(lease.request)
      }
    } catch (err) {
      if (isStoreBusy(err)) {
        if (!busySaid) d.logger.log('warn', coreText('log.heartbeatBusy', { job: jobId, file: d.store.file }))
        busySaid = true
        d.logger.log('debug', `job ${jobId}: heartbeat failed: ${(err as Error).message}`)
      } else d.logger.log('warn', `job ${jobId}: heartbeat failed: ${(err as Error).message}`)
    }
  }
}

/**
 * One engine's side of the lease rules (model/lease-rules.ts) and of availableActions
 * (model/job-actions.ts): who owns a job, what may be done to it now, taking and giving back
 * the lease, and the heartbeat that keeps it while a runner works.
 */
export function createJobOwnership(d: JobOwnershipDeps) {
  const { store, me } = d
  const heartbeats = new Map<string, ReturnType<typeof setInterval>>()

  function factsOf(j: JobRecord, counts: JobFacts['counts'] = store.rows.counts(j.id)): { facts: JobFacts; ownership: Ownership } {
    const lease = store.leases.get(j.id) ?? null
    const holder = judgeLease(lease, me, d.env())
    const facts: JobFacts = { state: j.state, holder, counts, paid: isPaid(j) }
    // a watched job's claim is a file read: only for a job whose state would let it send (no finished job's, no running one's)
    if (mayRunByState(facts)) facts.claimRefusal = watchedClaimRefusal(store, j)
    return { facts, ownership: { holder, lease, actions: availableActions(facts), claimRefusal: facts.claimRefusal ?? null } }
  }

  function release(jobId: string): void {
    const hb = heartbeats.get(jobId)
    if (hb) (clearInterval(hb), heartbeats.delete(jobId))
    store.leases.release(jobId, me)
  }

  return {
    /** Who owns the job (seen from this engine) and what may be done to it now. */
    ownership(j: JobRecord, counts: JobFacts['counts']): Ownership {
      return factsOf(j, counts).ownership
    },

    /** The one gate every action passes BEFORE anything in the store changes. */
    assertAllowed(j: JobRecord, action: JobAction): JobFacts {
      const { facts, ownership } = factsOf(j)
      const why = whyNot(action, facts, j.id)
      if (why === null) return facts
      if (facts.holder === 'live' && ownership.lease && RUNS_THE_JOB.includes(action)) throw new JobOwnedError(j.id, action, ownership.lease)
      throw new ActionRefusedError(j.id, action, why)
    },

    /**
     * Takes the job's lease. The new owner's first act: rows a dead (or absent) owner left in
     * flight are recovered — free ones back to pending, paid ones uncertain (they may be charged).
     * Throws JobOwnedError (nothing changed) if another live process holds it.
     */
    take(j: JobRecord, action: JobAction): void {
      const got = store.leases.acquire(j.id, me, d.env())
      if (!got.ok) throw new JobOwnedError(j.id, action, got.owner)
      if (got.previous === 'self') return
      const n = store.rows.recoverInFlight(j.id, isPaid(j))
      if (n) d.logger.log('warn', `job ${j.id}: ${n} row(s) left in flight by a process that died are now ${isPaid(j) ? 'uncertain' : 'pending'}`)
    },

    /** Asks the job's live owner to pause or cancel; false if there is none (any more). */
    ask(jobId: string, what: OwnerRequest, now: number): boolean {
      const lease = store.leases.get(jobId)
      if (!lease || judgeLease(lease, me, d.env()) !== 'live') return false
      return store.leases.request(jobId, lease.ownerId, what, now)
    },

    release,

    /** While a runner works: renew the lease every HEARTBEAT_MS and pass on a pause/cancel asked for. */
    keepAlive(jobId: string, now: () => number, on: KeepAliveHandlers): void {
      const hb = setInterval(heartbeatTick(d, jobId, now, on), HEARTBEAT_MS)
      hb.unref?.()
      heartbeats.set(jobId, hb)
    },

    /** Jobs the store says are running but no live process owns (shown `interrupted`). */
    interrupted(jobs: JobRecord[]): string[] {
      return jobs.filter((j) => isInterrupted(j.state, judgeLease(store.leases.get(j.id), me, d.env()))).map((j) => j.id)
    },

    releaseAll(): void {
      for (const id of [...heartbeats.keys()]) release(id)
    },
  }
}

export type JobOwnership = ReturnType<typeof createJobOwnership>
