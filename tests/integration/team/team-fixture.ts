/**
 * A team for tests: one real PostgreSQL (tests/helpers/postgres-server), a database owned by
 * `teamowner` (CREATEROLE, as the README asks of whoever runs `rekap team init`), operator roles
 * with passwords in 0600 files, and `rekap` run as a real process with `--team`.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../../helpers/postgres-server'
import { makeTempDir, REPO_ROOT } from '../../helpers/temp-dir'

export interface RekapResult {
  code: number | null
  stdout: string
  stderr: string
  /** every process command line seen on the machine while it ran */
  argvSeen: string[]
}

export interface TestTeam {
  server: PostgresServer
  database: string
  dir: string
  url(role: string): string
  passwordFile(role: string): string
  password(role: string): string
  /** LOGIN role, member of rekap_operator (after init) */
  addOperator(role: string): Promise<void>
  /** rekap <args> --team URL(role) --team-password-file F(role) --team-desk desk */
  rekap(role: string, args: string[], o?: { desk?: string; env?: Record<string, string>; stdin?: string }): Promise<RekapResult>
  /** SQL as the store owner */
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>
  stop(): Promise<void>
}

export function allCmdlines(): string[] {
  const out: string[] = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      out.push(readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' '))
    } catch {
      // gone meanwhile
    }
  }
  return out
}

export function runRekap(args: string[], env: Record<string, string>, stdin?: string): Promise<RekapResult> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, ...env },
  })
  if (stdin !== undefined) child.stdin!.end(stdin)
  let stdout = ''
  let stderr = ''
  const argvSeen = new Set<string>()
  const sampler = setInterval(() => allCmdlines().forEach((c) => argvSeen.add(c)), 25)
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s))
  return new Promise((done) =>
    child.once('close', (code) => {
      clearInterval(sampler)
      done({ code, stdout, stderr, argvSeen: [...argvSeen] })
    }),
  )
}

export async function startTestTeam(): Promise<TestTeam> {
  const server = await startPostgresServer()
  const { dir, cleanup } = makeTempDir('rekap-team-')
  const passwords = new Map<string, string>()
  const addRole = async (role: string, extra = ''): Promise<void> => {
    const pw = `pw-${role}-${Math.random().toString(36).slice(2)}`
    passwords.set(role, pw)
    writeFileSync(join(dir, `${role}.pw`), pw + '\n', { mode: 0o600 })
    await server.createRole(role, pw, extra)
  }
  await addRole('teamowner', 'CREATEROLE')
  const database = await server.createDatabase('rekap_team', 'teamowner')
  const team: TestTeam = {
    server, database, dir,
    url: (role) => server.url({ user: role, database }),
    passwordFile: (role) => join(dir, `${role}.pw`),
    password: (role) => passwords.get(role)!,
    async addOperator(role) {
      await addRole(role)
      await server.query(`GRANT rekap_operator TO ${role}`)
    },
    rekap: (role, args, o = {}) =>
      runRekap(
        [...args, '--team', team.url(role), '--team-password-file', team.passwordFile(role), '--team-desk', o.desk ?? `desk-${role}`],
        { REKAP_TEAM: '', PGPASSWORD: '', REKAP_DB: join(dir, `${o.desk ?? role}.db`), ...o.env },
        o.stdin,
      ),
    async query(sql, params) {
      const client = new pg.Client(server.clientConfig({ user: 'teamowner', password: passwords.get('teamowner'), database }))
      await client.connect()
      try {
        return await client.query(sql, params as unknown[])
      } finally {
        await client.end()
      }
    },
    async stop() {
      await server.stop()
      cleanup()
    },
  }
  return team
}
