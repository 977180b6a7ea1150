/** Human review of doubtful face-match pairs: the queue, the decisions, the rules. */
export { reviewQueue, requireReviewableJob, ReviewError, type QueueItem, type ReviewQueue } from './review-queue'
export { recordDecision, type DecisionInput } from './record-decision'
export { needsReview, rowReview, finalDecision, cleanReviewerName, cleanNote, type RowReview, type FinalDecision } from './review-rules'
export { pairIdentity } from './pair-identity'
export { serviceVerdict, type ServiceVerdict } from './service-verdict'
