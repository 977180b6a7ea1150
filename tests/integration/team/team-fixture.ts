/**
 * A team for tests: one real PostgreSQL (tests/helpers/postgres-server), a database owned by
 * `teamowner` (CREATEROLE, as the README asks of whoever runs `rekap team init`), operator roles
 * with passwords in 0600 files, and `rekap` run as a real process with `--team`.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { startPostgresServer, type PostgresServer, type PostgresServerOptions } from '../../helpers/postgres-server'
import { makeTempDir, REPO_ROOT } from '../../helpers/temp-dir'
import { openStore } from '../../../src-main/core/store'
import { FACE_HEADERS, leakySettings, T0 } from '../reports-fixtures'
import { trackChild } from './desks-fixture'

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
  rekap(role: string, args: string[], o?: { desk?: string; env?: Record<string, string>; stdin?: string; sampleArgv?: boolean }): Promise<RekapResult>
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

/** `sampleArgv`: look at every process's command line every 25 ms while it runs (costs CPU: only where argv is the point). */
export function runRekap(args: string[], env: Record<string, string>, stdin?: string, sampleArgv = false): Promise<RekapResult> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, ...env },
  })
  trackChild(child)
  if (stdin !== undefined) child.stdin!.end(stdin)
  let stdout = ''
  let stderr = ''
  const argvSeen = new Set<string>()
  const sampler = sampleArgv ? setInterval(() => allCmdlines().forEach((c) => argvSeen.add(c)), 25) : undefined
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s))
  return new Promise((done) =>
    child.once('close', (code) => {
      clearInterval(sampler)
      done({ code, stdout, stderr, argvSeen: [...argvSeen] })
    }),
  )
}

export async function startTestTeam(o: PostgresServerOptions = {}): Promise<TestTeam> {
  const server = await startPostgresServer(o)
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
        o.sampleArgv,
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

/**
 * A desk's own store holding a finished face-match job of `n` doubtful pairs (NO MATCH at 0.12),
 * made through the store's API as the report tests do; its settings carry an API key that must
 * never reach the team store. Row 1 has real photos (pre-flight's payload) when `photos` is given.
 */
export function buildDoubtfulFaceJob(dbFile: string, n: number, photos?: { a: string; b: string }): string {
  const store = openStore(dbFile)
  try {
    const job = store.jobs.create(
      {
        kind: 'face-match', inputFile: '/data/kyc/kyc.xlsx', inputName: 'kyc.xlsx', inputFingerprint: 'sha256:team',
        sheet: 'Data', headerRow: 1, headers: FACE_HEADERS, mapping: { image1: 'Foto KTP', image2: 'Selfie', nik: 'NIK', name: 'Nama' },
        settings: leakySettings(),
      },
      T0,
    )
    const rows = Array.from({ length: n }, (_, i) => ({
      rowNo: i + 1, sourceRow: i + 2, unitKey: `pair-${i + 1}`,
      input: { NIK: `32730101010${String(i).padStart(5, '0')}`, Nama: `Orang ${i + 1}`, 'Foto KTP': `ktp${i}.jpg`, Selfie: `selfie${i}.jpg` },
      payload: i === 0 && photos ? { image1: { path: photos.a }, image2: { path: photos.b } } : null,
    }))
    store.rows.insertMany(job.id, rows, T0)
    store.jobs.transition(job.id, 'ready', T0 + 1)
    store.jobs.transition(job.id, 'running', T0 + 2)
    for (const r of rows) {
      store.rows.markInFlight(job.id, r.rowNo, T0 + 3)
      store.rows.complete(job.id, r.rowNo, { outcome: 'no-match', match: false, confidence: 0.12 }, T0 + 4, { product: 'face-match', chargePoints: 400 })
    }
    store.jobs.transition(job.id, 'done', T0 + 5)
    return job.id
  } finally {
    store.close()
  }
}
