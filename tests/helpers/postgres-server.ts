/**
 * A throwaway PostgreSQL 15 server for one test file: real `initdb` + `pg_ctl`, on 127.0.0.1 at a free
 * port, password (scram) authentication over TCP so tests can connect as roles of their own.
 *
 *   const pg = await startPostgresServer()
 *   await pg.createRole('alice', 'alice-secret')           // LOGIN role with a password
 *   const db = await pg.createDatabase('team')            // owned by the superuser; returns its name
 *   const url = pg.url({ user: 'alice', database: db })   // postgres://alice@127.0.0.1:PORT/team (no password)
 *   await pg.query('SELECT 1')                            // as the superuser, in the default database
 *   await pg.stop()                                       // immediate stop, folder removed
 *
 * When the test process runs as root, every server command runs as the `postgres` user
 * (`runuser -u postgres --`), in a fresh folder under /tmp owned by that user. fsync and synchronous
 * commit are off (a test server lives for seconds; durability is not what is tested). The server is
 * stopped on `stop()` and, failing that, when the test process exits.
 *
 * The superuser password is passed to `initdb` in a file (never argv) and to the pg driver in the
 * client config (never a URL), like the product does.
 */
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'

export const PG_BIN = process.env.REKAP_PG_BIN ?? '/usr/lib/postgresql/15/bin'
const HOST = '127.0.0.1'

export interface PostgresServer {
  host: string
  port: number
  /** the superuser's name and password (tests that need to act as an administrator) */
  superuser: { user: string; password: string }
  /** the folder holding data, socket, log; removed on stop */
  dir: string
  /** postgres://user@127.0.0.1:port/database — never carries a password */
  url(opts?: { user?: string; database?: string; query?: string }): string
  /** pg client config for a role (password in the config, not the URL) */
  clientConfig(opts?: { user?: string; password?: string; database?: string }): pg.ClientConfig
  /** runs SQL as the superuser (default database `postgres`, or `database`) */
  query(sql: string, params?: unknown[], database?: string): Promise<pg.QueryResult>
  /** CREATE ROLE name LOGIN PASSWORD '...' (and the given extra options, e.g. 'CREATEDB') */
  createRole(name: string, password: string, extra?: string): Promise<void>
  /** CREATE DATABASE (fresh name unless given), optionally OWNER; returns the name */
  createDatabase(name?: string, owner?: string): Promise<string>
  /** everything the server logged so far */
  log(): string
  /** pg_ctl stop -m fast (the team store going away); `start()` brings it back on the same port */
  pause(): Promise<void>
  start(): Promise<void>
  /** a TLS server (`ssl` option): new certificate and key, taken at a reload (new connections use them) */
  useCert(cert: string, key: string): Promise<void>
  /** stops the server (immediate) and removes its folder */
  stop(): Promise<void>
}

const running = new Set<PostgresServer>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // 'exit' handlers must be synchronous: pg_ctl stop via spawnSync, then remove the folder.
  process.on('exit', () => {
    for (const server of running) stopSync(server.dir)
  })
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** argv of a server command, run as `postgres` when we are root (PostgreSQL refuses to run as root). */
function serverCommand(bin: string, args: string[]): [string, string[]] {
  const exe = join(PG_BIN, bin)
  return asRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args]
}

function run(bin: string, args: string[]): Promise<string> {
  const [cmd, argv] = serverCommand(bin, args)
  return new Promise((done, fail) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
    child.once('error', fail)
    child.once('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${bin} ${args.join(' ')} exited ${code}:\n${out}`))))
  })
}

function stopSync(dir: string): void {
  const data = join(dir, 'data')
  if (existsSync(join(data, 'postmaster.pid'))) {
    const [cmd, argv] = serverCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    spawnSync(cmd, argv, { stdio: 'ignore' })
  }
  rmSync(dir, { recursive: true, force: true })
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, HOST, () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => done(port))
    })
  })
}

let postgresIdsCache: { uid: number; gid: number } | undefined
function postgresIds(): { uid: number; gid: number } {
  postgresIdsCache ??= {
    uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
  }
  return postgresIdsCache
}

/** A folder the server's user can write: created here, handed to `postgres` when we are root. */
function makeServerDir(): string {
  const dir = mkdtempSync('/tmp/rekap-pg-')
  chmodSync(dir, 0o700)
  if (asRoot) chownSync(dir, postgresIds().uid, postgresIds().gid)
  return dir
}

async function initCluster(dir: string, password: string): Promise<void> {
  const pwfile = join(dir, 'pwfile')
  writeFileSync(pwfile, password + '\n', { mode: 0o600 })
  if (asRoot) chownSync(pwfile, postgresIds().uid, postgresIds().gid)
  await run('initdb', [
    '-D', join(dir, 'data'), '-U', 'postgres', '--pwfile', pwfile, '-E', 'UTF8', '--locale', 'C',
    '--auth-host', 'scram-sha-256', '--auth-local', 'scram-sha-256', '--no-sync',
  ])
  rmSync(pwfile, { force: true })
}

function serverOptions(dir: string, port: number, ssl: boolean): string {
  return [
    `-c listen_addresses=${HOST}`, `-p ${port}`, `-c unix_socket_directories=${dir}`,
    '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=200',
    ...(ssl ? ['-c ssl=on', `-c ssl_cert_file=${join(dir, 'server.crt')}`, `-c ssl_key_file=${join(dir, 'server.key')}`] : []),
  ].join(' ')
}

async function startCluster(dir: string, port: number, ssl = false): Promise<void> {
  await run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-o', serverOptions(dir, port, ssl), '-w', '-t', '60', 'start'])
}

/** The server's certificate and key, readable by the server's user only (PostgreSQL refuses a key others can read). */
function writeServerCert(dir: string, cert: string, key: string): void {
  for (const [name, text] of [['server.crt', cert], ['server.key', key]] as const) {
    const file = join(dir, name)
    writeFileSync(file, text, { mode: 0o600 })
    chmodSync(file, 0o600)
    if (asRoot) chownSync(file, postgresIds().uid, postgresIds().gid)
  }
}

export interface PostgresServerOptions {
  /** LOGIN roles to create at once: name -> password */
  roles?: Record<string, string>
  /** TLS on (ssl=on) with this certificate and key (PEM); replace them later with `useCert` */
  ssl?: { cert: string; key: string }
}

export async function startPostgresServer(opts: PostgresServerOptions = {}): Promise<PostgresServer> {
  installExitHook()
  const dir = makeServerDir()
  if (opts.ssl) writeServerCert(dir, opts.ssl.cert, opts.ssl.key)
  const password = randomBytes(18).toString('base64url')
  await initCluster(dir, password)
  let port = 0
  for (let attempt = 0; ; attempt++) {
    port = await freePort()
    try {
      await startCluster(dir, port, Boolean(opts.ssl))
      break
    } catch (err) {
      if (attempt >= 3) throw err // a port taken between probe and bind: try another
    }
  }
  const superuser = { user: 'postgres', password }
  const clientConfig: PostgresServer['clientConfig'] = (o = {}) => ({
    host: HOST, port, user: o.user ?? superuser.user, password: o.password ?? (o.user ? undefined : password),
    database: o.database ?? 'postgres',
  })
  const query: PostgresServer['query'] = async (sql, params, database) => {
    const client = new pg.Client(clientConfig({ database }))
    await client.connect()
    try {
      return await client.query(sql, params as unknown[])
    } finally {
      await client.end()
    }
  }
  const ident = (s: string): string => '"' + s.replace(/"/g, '""') + '"'
  const literal = (s: string): string => "'" + s.replace(/'/g, "''") + "'"
  const server: PostgresServer = {
    host: HOST, port, superuser, dir,
    url: (o = {}) => `postgres://${encodeURIComponent(o.user ?? superuser.user)}@${HOST}:${port}/${encodeURIComponent(o.database ?? 'postgres')}${o.query ? '?' + o.query : ''}`,
    clientConfig, query,
    async createRole(name, pw, extra = '') {
      await query(`CREATE ROLE ${ident(name)} LOGIN PASSWORD ${literal(pw)} ${extra}`)
    },
    async createDatabase(name, owner) {
      const db = name ?? 'rekap_' + randomBytes(4).toString('hex')
      await query(`CREATE DATABASE ${ident(db)}${owner ? ' OWNER ' + ident(owner) : ''}`)
      return db
    },
    log: () => (existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''),
    async pause() {
      await run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop'])
    },
    async start() {
      await startCluster(dir, port, Boolean(opts.ssl))
    },
    async useCert(cert, key) {
      writeServerCert(dir, cert, key)
      await run('pg_ctl', ['-D', join(dir, 'data'), 'reload'])
    },
    async stop() {
      running.delete(server)
      stopSync(dir)
    },
  }
  running.add(server)
  for (const [name, pw] of Object.entries(opts.roles ?? {})) await server.createRole(name, pw)
  return server
}
