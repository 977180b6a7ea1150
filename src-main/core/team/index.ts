/** Team mode's store (PostgreSQL): connection, schema, status, review queue, ledger report. */
export { parseTeamTarget, redactTeamUrl, TeamConfigError, type TeamTarget } from './team-target'
export { resolveTeamPassword, readTeamPasswordFile } from './team-password'
export { openTeamPool, isTeamUnreachable, TeamUnreachableError, TeamRefusedError } from './team-pool'
export { migrateTeamStore, requireTeamSchema, TEAM_SCHEMA_VERSION, TeamSchemaError } from './team-schema'
export { openTeamSession, initTeamStore, type TeamConfig, type TeamSession } from './team-session'
export { readTeamStatus, setMakerChecker, type TeamStatus } from './team-status'
