/** Human review of doubtful pairs (kinds whose results are scored): the queue, the decisions, the rules. */
// which jobs are reviewable is the kind registry's answer: requireReviewableJob is in core/kinds/reviewable-job.ts
export { reviewQueue, ReviewError, type QueueItem, type ReviewQueue, type ReviewableJob } from './review-queue'
export { recordDecision, type DecisionInput } from './record-decision'
export { needsReview, rowReview, finalDecision, cleanReviewerName, cleanNote, type RowReview, type FinalDecision } from './review-rules'
export { pairIdentity } from './pair-identity'
export { serviceVerdict, type ServiceVerdict } from './service-verdict'
