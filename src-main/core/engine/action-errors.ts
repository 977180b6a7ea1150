import type { JobAction } from '../model/job-actions'
import { describeOwner, type Lease } from '../model/lease-rules'

/** An action that is not legal now; thrown before anything in the store changed. */
export class ActionRefusedError extends Error {
  constructor(
    readonly jobId: string,
    readonly action: JobAction,
    message: string,
  ) {
    super(message)
  }
}

/** Another live process owns the job: the refusal names it (pid, host, since when). */
export class JobOwnedError extends ActionRefusedError {
  constructor(
    jobId: string,
    action: JobAction,
    readonly owner: Lease,
  ) {
    super(
      jobId,
      action,
      `job ${jobId} is being run by another rekap (${describeOwner(owner)}); nothing was changed. ` +
        `Wait for it, or pause/cancel it from there (rekap cancel ${jobId} asks that process to stop).`,
    )
  }
}
