import type { JobAction } from '../model/job-actions'
import type { Lease } from '../model/lease-rules'
import { coreText, TextError, type CoreText } from '../texts/core-text'

/** An action that is not legal now; thrown before anything in the store changed. */
export class ActionRefusedError extends TextError {
  constructor(
    readonly jobId: string,
    readonly action: JobAction,
    text: CoreText,
  ) {
    super(text)
  }
}

/** Another live process owns the job: the refusal names it (pid, host, since when). */
export class JobOwnedError extends ActionRefusedError {
  constructor(
    jobId: string,
    action: JobAction,
    readonly owner: Lease,
  ) {
    super(jobId, action, coreText('action.ownedBy', { job: jobId, pid: owner.pid, host: owner.host, since: new Date(owner.acquiredAt).toISOString() }))
  }
}
