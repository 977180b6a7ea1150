import type { Store } from '../store'
import { judgePlanner, type LeaseEnv, type OwnerIdentity } from '../model/lease-rules'

/**
 * The plans this engine made and has not started: a new plan of the same workbook (another
 * desk's, a script's) replaces a never-started plan only when its planner is this engine or a
 * process that has ended, never one another live engine may be about to start.
 */
export function createPlanHolding(d: { store: Store; me: OwnerIdentity; env: () => LeaseEnv }) {
  return {
    hold(jobId: string): void {
      d.store.jobs.holdPlan(jobId, d.me)
    },
    mayReplace(planner: OwnerIdentity | null): boolean {
      return judgePlanner(planner, d.me, d.env()) !== 'live'
    },
    /** the engine closes: its plans may be replaced from now on */
    releaseAll(): void {
      d.store.jobs.releasePlans(d.me.ownerId)
    },
  }
}

export type PlanHolding = ReturnType<typeof createPlanHolding>
