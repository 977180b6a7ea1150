import { JOB_KINDS } from '../../contract/job-kinds'
import type { Store } from '../store'
import { ReviewError, type ReviewableJob } from '../review/review-queue'
import { kindModule } from './registry'
import { coreText } from '../texts/core-text'

/**
 * A kind has pairs to review when its results carry a score, so the review band applies (the
 * registry's `scored`, as the report's review figures read it): asked here, above core/review, so a
 * new kind needs no edit there.
 */
function reviewableKinds(): string[] {
  return JOB_KINDS.filter((k) => kindModule(k).scored)
}

/** The job a reviewer opens, by id or a unique prefix; refused for kinds without pairs to review. */
export function requireReviewableJob(store: Store, idOrPrefix: string): ReviewableJob {
  const id = store.jobs.resolveId(idOrPrefix)
  const job = id ? store.jobs.get(id) : undefined
  if (!job) throw new ReviewError(coreText('review.noJob', { job: idOrPrefix, file: store.file }))
  if (!kindModule(job.kind).scored) throw new ReviewError(coreText('review.notReviewable', { job: job.id, kind: job.kind, kinds: reviewableKinds().join(', ') }))
  return job as ReviewableJob
}
