/** Team mode's store (PostgreSQL): connection, schema, status, review queue, ledger report. */
export { parseTeamTarget, redactTeamUrl, TeamConfigError, type TeamTarget } from './team-target'
export { resolveTeamPassword, readTeamPasswordFile } from './team-password'
export { openTeamPool, isTeamUnreachable, TeamUnreachableError, TeamRefusedError } from './team-pool'
export { migrateTeamStore, requireTeamSchema, TEAM_SCHEMA_VERSION, TeamSchemaError } from './team-schema'
export { openTeamSession, initTeamStore, type TeamConfig, type TeamSession } from './team-session'
export { readTeamStatus, setMakerChecker, type TeamStatus } from './team-status'
export { publishJob, publishedJob, callsOf, type PublishedJob } from './team-jobs'
export {
  enqueuePairs, openQueue, claimNext, decidePair, releaseClaims, queueItemOf, jobOnQueue, TeamReviewError,
  type TeamQueueItem, type NewQueueItem, type TeamDecision, type RecordedTeamDecision,
} from './team-review'
export { publishLocalJob, doubtfulPairs } from './publish-local-job'
export { readTeamMonth, type TeamMonth } from './team-ledger'
export { writeTeamReport } from './team-report'
export { TEAM_REPORT_LABELS } from './team-report-labels'
export { createJobPublisher, type JobPublisher } from './job-publisher'
