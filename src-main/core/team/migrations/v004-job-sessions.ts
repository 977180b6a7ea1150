import type { TeamMigration } from './team-migration'

/**
 * Schema v4: a published job names the lease (rekap.leases.session) of the process running it.
 * A desk killed mid-run (SIGKILL, power) never publishes again, so its job stayed `running` in the
 * registry for good, and every desk's Team status listed it as being worked on. With the session,
 * the status tells a running job whose process's lease has expired as `interrupted`, as the desk's
 * own `rekap jobs` does (model/lease-rules shownState). Published by hand (`rekap team publish`,
 * no lease), the column is NULL and the state is shown as published.
 */
export const v004JobSessions: TeamMigration = {
  version: 4,
  name: 'job-sessions',
  sql: `ALTER TABLE rekap.jobs ADD COLUMN session uuid;`,
}
