/**
 * Every step of the team store's schema, in order. To add one: a new file `vNNN-name.ts` beside
 * these exporting a TeamMigration with the next version, and one line in this list (append at the
 * end; never edit a step that has landed: stores out there already ran it). Every table an operator
 * uses gets its GRANT to the group role `rekap_operator` in the same step.
 */
import type { TeamMigration } from './team-migration'
import { v001Base } from './v001-base'
import { v002Coordination } from './v002-coordination'
import { v003UncertainCharges } from './v003-uncertain-charges'
import { v004JobSessions } from './v004-job-sessions'
import { v005LeaseOutage } from './v005-lease-outage'
import { v006AnswerDatedCharges } from './v006-answer-dated-charges'

export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  v001Base,
  v002Coordination,
  v003UncertainCharges,
  v004JobSessions,
  v005LeaseOutage,
  v006AnswerDatedCharges,
]

export type { TeamMigration }
