/**
 * Joining the team store: parse and check the address, find the password, open the pool, check
 * the schema version and say who this desk is (desks + operators rows). Every team feature starts
 * from a TeamSession; nothing else opens connections.
 */
import { hostname } from 'node:os'
import type pg from 'pg'
import { REKAP_VERSION } from '../version'
import { coreText } from '../texts/core-text'
import { parseTeamTarget, TeamConfigError, type TeamTarget } from './team-target'
import { resolveTeamPassword } from './team-password'
import { asTeamError, openTeamPool } from './team-pool'
import { migrateTeamStore, requireTeamSchema, type MigrationResult } from './team-schema'

export interface TeamConfig {
  url: string
  /** this desk's name in the team (Settings → Team, --team-desk); default the computer's name */
  desk?: string
  passwordFile?: string
  /** the password itself, when the app decrypted it from Settings */
  password?: string
  allowInsecure?: boolean
  env?: NodeJS.ProcessEnv
}

export interface TeamSession {
  pool: pg.Pool
  target: TeamTarget
  desk: string
  /** the database role this session is (current_user): the operator */
  role: string
  close(): Promise<void>
}

function deskName(config: TeamConfig): string {
  const desk = (config.desk ?? hostname()).trim()
  if (!desk) throw new TeamConfigError(coreText('team.noDesk', {}))
  return desk.slice(0, 100)
}

async function introduce(pool: pg.Pool, desk: string): Promise<string> {
  const r = await pool.query(
    `WITH d AS (
       INSERT INTO rekap.desks (name, host, rekap_version) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET host = EXCLUDED.host, rekap_version = EXCLUDED.rekap_version,
         last_seen = now(), last_role = current_user
       RETURNING name)
     SELECT current_user::text AS role FROM d`,
    [desk, hostname(), REKAP_VERSION],
  )
  await pool.query(
    `INSERT INTO rekap.operators (role, desk) VALUES (current_user, $1)
     ON CONFLICT (role, desk) DO UPDATE SET last_seen = now()`,
    [desk],
  )
  return r.rows[0].role as string
}

/** Opens a session on an initialised store of this rekap's schema version. */
export async function openTeamSession(config: TeamConfig): Promise<TeamSession> {
  const { session } = await connect(config, false)
  return session
}

/** `rekap team init`: creates or migrates the schema, then joins like any session. */
export async function initTeamStore(config: TeamConfig): Promise<{ session: TeamSession; migration: MigrationResult }> {
  const { session, migration } = await connect(config, true)
  return { session, migration: migration! }
}

async function connect(config: TeamConfig, migrate: boolean): Promise<{ session: TeamSession; migration?: MigrationResult }> {
  const target = parseTeamTarget(config.url, { allowInsecure: config.allowInsecure })
  const desk = deskName(config)
  const password = resolveTeamPassword(target, { password: config.password, passwordFile: config.passwordFile, env: config.env })
  const pool = openTeamPool(target, { password, desk })
  try {
    const migration = migrate ? await migrateTeamStore(pool) : undefined
    if (!migrate) await requireTeamSchema(pool)
    const role = await introduce(pool, desk)
    return { session: { pool, target, desk, role, close: () => pool.end() }, migration }
  } catch (err) {
    await pool.end().catch(() => {})
    throw asTeamError(err, target)
  }
}
