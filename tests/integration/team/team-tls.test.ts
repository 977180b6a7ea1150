/**
 * Issue 22, TLS to the team store for real: PostgreSQL with ssl=on and a certificate signed by a
 * CA made here with openssl. `sslmode=verify-full` with that CA connects (and the session is
 * TLS); a CA that did not sign it, or a certificate for another host name, is refused before
 * any password or decision crosses, with a message naming what to fix (in both languages).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openTeamSession } from '../../../src-main/core/team'
import { runRekap, startTestTeam, type TestTeam } from './team-fixture'
import { makeTempDir } from '../../helpers/temp-dir'
import { stopAllDesks } from './desks-fixture'

// a failed or timed-out test leaves no rekap process running
afterEach(stopAllDesks)

const tmp = makeTempDir('rekap-tls-')
const dir = tmp.dir
let team: TestTeam

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
}

function makeCa(name: string): void {
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', `/CN=${name}`])
}

/** A server certificate for `san` (e.g. IP:127.0.0.1) signed by the CA `ca`; returns its PEM and key. */
function serverCert(name: string, ca: string, san: string): { cert: string; key: string } {
  writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${san}\n`)
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`])
  openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`])
  return { cert: readFileSync(join(dir, `${name}.crt`), 'utf8'), key: readFileSync(join(dir, `${name}.key`), 'utf8') }
}

const url = (role: string, query: string): string => `postgres://${role}@127.0.0.1:${team.server.port}/${team.database}?${query}`
const verifyFull = (ca: string): string => `sslmode=verify-full&sslrootcert=${join(dir, `${ca}.pem`)}`

function rekap(role: string, teamUrl: string, args: string[], lang = 'en') {
  return runRekap([...args, '--team', teamUrl, '--team-password-file', team.passwordFile(role), '--team-desk', 'tls-desk'], {
    REKAP_TEAM: '', PGPASSWORD: '', REKAP_LANG: lang, REKAP_DB: join(team.dir, 'tls.db'),
  })
}

beforeAll(async () => {
  if (spawnSync('openssl', ['version']).status !== 0) throw new Error('openssl is needed for the TLS test (apt-get install openssl); it is not on PATH')
  makeCa('team-ca')
  makeCa('other-ca')
  team = await startTestTeam({ ssl: serverCert('server', 'team-ca', 'IP:127.0.0.1,DNS:localhost') })
}, 120_000)

afterAll(async () => {
  await team?.stop()
  tmp.cleanup()
})

describe('sslmode=verify-full against a real TLS PostgreSQL', () => {
  it('with the CA that signed the server certificate: team init and status work, and the session is TLS', async () => {
    const init = await rekap('teamowner', url('teamowner', verifyFull('team-ca')), ['team', 'init'])
    expect(init.code, init.stderr).toBe(0)
    const session = await openTeamSession({ url: url('teamowner', verifyFull('team-ca')), desk: 'tls-check', password: team.password('teamowner'), env: {} })
    try {
      const tls = await session.pool.query('SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()')
      expect(tls.rows[0].ssl).toBe(true)
      expect(tls.rows[0].version).toMatch(/^TLSv1\.[23]$/)
    } finally {
      await session.close()
    }
    const status = await rekap('teamowner', url('teamowner', verifyFull('team-ca')), ['team', 'status', '--json'])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout).team).toContain('sslmode=verify-full')
  }, 60_000)

  it('a CA that did not sign it (or none: the system CAs) is refused, naming sslrootcert', async () => {
    for (const query of [verifyFull('other-ca'), 'sslmode=verify-full']) {
      const r = await rekap('teamowner', url('teamowner', query), ['team', 'status'])
      expect(r.code, r.stderr).toBe(2)
      expect(r.stderr).toContain('its certificate is not signed by a CA this desk trusts')
      expect(r.stderr).toContain('sslrootcert=FILE')
      expect(r.stderr).not.toContain(team.password('teamowner'))
    }
    const id = await rekap('teamowner', url('teamowner', verifyFull('other-ca')), ['team', 'status'], 'id')
    expect(id.code).toBe(2)
    expect(id.stderr).toContain('sertifikatnya tidak ditandatangani CA yang dipercaya meja ini')
  }, 60_000)

  it('a certificate for another host name is refused under verify-full (verify-ca checks the chain only)', async () => {
    const other = serverCert('other-host', 'team-ca', 'DNS:team-db.example')
    await team.server.useCert(other.cert, other.key)
    const r = await rekap('teamowner', url('teamowner', verifyFull('team-ca')), ['team', 'status'])
    expect(r.code, r.stderr).toBe(2)
    expect(r.stderr).toContain('its certificate is not for the host name 127.0.0.1')
    const id = await rekap('teamowner', url('teamowner', verifyFull('team-ca')), ['team', 'status'], 'id')
    expect(id.stderr).toContain('sertifikatnya bukan untuk nama host 127.0.0.1')
    // a certificate for `localhost` is not one for 127.0.0.1 either (the name checked is the address's, as written)
    const local = serverCert('localhost-only', 'team-ca', 'DNS:localhost')
    await team.server.useCert(local.cert, local.key)
    const byIp = await rekap('teamowner', url('teamowner', verifyFull('team-ca')), ['team', 'status'])
    expect(byIp.code, byIp.stderr).toBe(2)
    expect(byIp.stderr).toContain('its certificate is not for the host name 127.0.0.1')
    expect(byIp.stderr).not.toMatch(/DeprecationWarning/)
    const ca = await rekap('teamowner', url('teamowner', `sslmode=verify-ca&sslrootcert=${join(dir, 'team-ca.pem')}`), ['team', 'status'])
    expect(ca.code, ca.stderr).toBe(0)
  }, 60_000)
})
