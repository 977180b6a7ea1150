/**
 * Versioned migrations of the team store: `rekap.schema_version` says which steps ran. Applying is
 * safe to repeat and safe for two desks at once (one advisory lock, one transaction); a store newer
 * than this rekap is refused, naming both versions, and nothing is changed.
 */
import type pg from 'pg'
import { coreText, TextError } from '../texts/core-text'
import { TEAM_MIGRATIONS } from './migrations/index'

export class TeamSchemaError extends TextError {
  override readonly name = 'TeamSchemaError'
}

/** The schema version this rekap writes and reads. */
export const TEAM_SCHEMA_VERSION = Math.max(...TEAM_MIGRATIONS.map((m) => m.version))
// any fixed number: every desk that migrates takes this one lock, so two inits run one after the other
const MIGRATION_LOCK = 73_021_142

async function currentVersion(client: pg.PoolClient | pg.Pool): Promise<number> {
  const exists = await client.query(`SELECT to_regclass('rekap.schema_version') IS NOT NULL AS present`)
  if (!exists.rows[0].present) return 0
  const r = await client.query('SELECT coalesce(max(version), 0)::int AS v FROM rekap.schema_version')
  return r.rows[0].v as number
}

export interface MigrationResult {
  from: number
  to: number
  applied: number[]
}

/** Creates or brings the team store up to TEAM_SCHEMA_VERSION (rekap team init). */
export async function migrateTeamStore(pool: pg.Pool): Promise<MigrationResult> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    const from = await currentVersion(client)
    if (from > TEAM_SCHEMA_VERSION) throw new TeamSchemaError(coreText('team.schemaNewer', { found: from, known: TEAM_SCHEMA_VERSION }))
    await client.query('CREATE SCHEMA IF NOT EXISTS rekap')
    await client.query(`CREATE TABLE IF NOT EXISTS rekap.schema_version (
      version integer PRIMARY KEY, name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(), applied_by name NOT NULL DEFAULT current_user)`)
    const applied: number[] = []
    for (const step of [...TEAM_MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (step.version <= from) continue
      await client.query(step.sql)
      await client.query('INSERT INTO rekap.schema_version (version, name) VALUES ($1, $2)', [step.version, step.name])
      applied.push(step.version)
    }
    await client.query('GRANT SELECT ON rekap.schema_version TO rekap_operator')
    await client.query('COMMIT')
    return { from, to: TEAM_SCHEMA_VERSION, applied }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}

/** Every command but `team init`: the store must be exactly the version this rekap knows. */
export async function requireTeamSchema(pool: pg.Pool): Promise<void> {
  const found = await currentVersion(pool)
  if (found === 0) throw new TeamSchemaError(coreText('team.notInitialised', {}))
  if (found > TEAM_SCHEMA_VERSION) throw new TeamSchemaError(coreText('team.schemaNewer', { found, known: TEAM_SCHEMA_VERSION }))
  if (found < TEAM_SCHEMA_VERSION) throw new TeamSchemaError(coreText('team.schemaOlder', { found, known: TEAM_SCHEMA_VERSION }))
}
