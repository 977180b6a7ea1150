/**
 * Issue 22, joining a team: `rekap team init` creates the schema and is safe to run twice, a store
 * newer than this rekap is refused naming both versions, the password is never in argv, output or
 * the store, and a team server on another machine without verified TLS is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestTeam, runRekap, type TestTeam } from './team-fixture'
import { stopAllDesks } from './desks-fixture'

// a failed or timed-out test leaves no rekap process running
afterEach(stopAllDesks)

describe('rekap team init / status', () => {
  let team: TestTeam
  /** the schema version this rekap writes, as the first init says it */
  let TEAM_SCHEMA_VERSION = 0
  beforeAll(async () => {
    team = await startTestTeam()
  })
  afterAll(async () => team?.stop())

  it('init creates the schema, a second init changes nothing', async () => {
    const first = await team.rekap('teamowner', ['team', 'init'])
    expect(first.stderr).toBe('')
    TEAM_SCHEMA_VERSION = Number(/schema version 0 → (\d+)/.exec(first.stdout)?.[1])
    expect(TEAM_SCHEMA_VERSION).toBeGreaterThanOrEqual(1)
    expect(first.code).toBe(0)
    const second = await team.rekap('teamowner', ['team', 'init'])
    expect(second.stdout).toMatch(new RegExp(`schema already at version ${TEAM_SCHEMA_VERSION}; nothing changed`))
    expect(second.code).toBe(0)
    const versions = await team.query('SELECT version FROM rekap.schema_version ORDER BY version')
    expect(versions.rows.map((r) => r.version)).toEqual(Array.from({ length: TEAM_SCHEMA_VERSION }, (_, i) => i + 1))
  })

  it('two desks running init at the same moment: one schema, no error', async () => {
    const fresh = await team.server.createDatabase('rekap_race', 'teamowner')
    const url = team.server.url({ user: 'teamowner', database: fresh })
    const env = { REKAP_TEAM: url, REKAP_TEAM_DESK: 'x' }
    const both = await Promise.all([1, 2].map(() => runRekap(['team', 'init', '--team-password-file', team.passwordFile('teamowner')], env)))
    expect(both.map((r) => r.code)).toEqual([0, 0])
    expect(both.map((r) => r.stdout).join('')).toMatch(/schema version 0 → /)
  })

  it('status lists the desk and its role; --json keeps its shape in any language', async () => {
    await team.addOperator('alice')
    const st = await team.rekap('alice', ['team', 'status', '--json'], { desk: 'loket-1', env: { REKAP_LANG: 'id' } })
    expect(st.code).toBe(0)
    const doc = JSON.parse(st.stdout)
    expect(doc.role).toBe('alice')
    expect(doc.desks.map((d: { name: string }) => d.name)).toContain('loket-1')
    expect(doc.operators.find((o: { role: string }) => o.role === 'alice').desks).toEqual(['loket-1'])
    expect(doc.spentRp).toBe(0)
    expect(doc.team).toBe(team.url('alice'))
    expect(doc).toMatchObject({ hits: {}, budgetRp: null, budgetLeftRp: null, balanceRp: null, rateInUse: {} })
    // a team budget for this month and a charge on the ledger: what is left is the budget less the charge
    await team.query(`INSERT INTO rekap.budgets (month, budget_rp) VALUES (to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM'), 20000)`)
    await team.query(`INSERT INTO rekap.charges (product, job_id, desk, amount_rp) VALUES ('face-match', 'j1', 'loket-1', 400)`)
    await team.query(`INSERT INTO rekap.hits (account, product, month, hits) VALUES ('a', 'hospitals', to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM'), 7)`)
    const after = JSON.parse((await team.rekap('alice', ['team', 'status', '--json'], { desk: 'loket-1' })).stdout)
    expect(after).toMatchObject({ spentRp: 400, charges: 1, budgetRp: 20000, budgetLeftRp: 19600, hits: { hospitals: 7 } })
    const text = await team.rekap('alice', ['team', 'status'], { desk: 'loket-1' })
    expect(text.stdout).toContain('team budget left: Rp19,600 / Rp20,000')
    expect(text.stdout).toContain('hits this month: hospitals 7')
  })

  it('a store newer than this rekap is refused, naming both versions, and left as it was', async () => {
    const fresh = await team.server.createDatabase('rekap_newer', 'teamowner')
    const env = { REKAP_TEAM: team.server.url({ user: 'teamowner', database: fresh }) }
    const pwf = ['--team-password-file', team.passwordFile('teamowner')]
    expect((await runRekap(['team', 'init', ...pwf], env)).code).toBe(0)
    const client = await team.server.query(`INSERT INTO rekap.schema_version (version, name) VALUES (99, 'future')`, [], fresh)
    expect(client.rowCount).toBe(1)
    const init = await runRekap(['team', 'init', ...pwf], env)
    expect(init.code).toBe(2)
    expect(init.stderr).toContain(`the team store's schema is version 99 and this rekap knows versions up to ${TEAM_SCHEMA_VERSION}`)
    const status = await runRekap(['team', 'status', ...pwf], env)
    expect(status.code).toBe(2)
    expect(status.stderr).toContain('version 99')
    const id = await runRekap(['team', 'status', ...pwf], { ...env, REKAP_LANG: 'id' })
    expect(id.stderr).toContain(`skema penyimpanan tim versi 99, sedangkan rekap ini hanya mengenal sampai versi ${TEAM_SCHEMA_VERSION}`)
    const v = await team.server.query('SELECT max(version) AS v FROM rekap.schema_version', [], fresh)
    expect(v.rows[0].v).toBe(99)
  })

  it('the password is never in argv, output, the store or the server log', async () => {
    const pw = team.password('alice')
    const runs = [
      await team.rekap('alice', ['team', 'status'], { sampleArgv: true }),
      await team.rekap('alice', ['team', 'status', '--json'], { sampleArgv: true }),
      // PGPASSWORD instead of a file
      await runRekap(['team', 'status', '--team', team.url('alice')], { PGPASSWORD: pw, REKAP_TEAM_DESK: 'env-desk' }, undefined, true),
    ]
    for (const r of runs) {
      expect(r.code).toBe(0)
      expect(r.stdout + r.stderr).not.toContain(pw)
      expect(r.argvSeen.length).toBeGreaterThan(10)
      expect(r.argvSeen.filter((c) => c.includes(pw))).toEqual([])
    }
    const tables = await team.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'rekap'`)
    for (const { table_name } of tables.rows) {
      const dump = await team.query(`SELECT t::text AS row FROM rekap.${table_name} t`)
      expect(dump.rows.filter((r) => r.row.includes(pw))).toEqual([])
    }
    expect(team.server.log()).not.toContain(pw)
  })

  it('a wrong password is refused with the address (no password) and exit 2', async () => {
    const r = await runRekap(['team', 'status', '--team', team.url('alice')], { PGPASSWORD: 'not-it', REKAP_TEAM_DESK: 'd' })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`the team store ${team.url('alice')} refused the connection: password authentication failed`)
  })

  it('a password in the address is refused before anything is sent', async () => {
    const r = await runRekap(['team', 'status', '--team', `postgres://alice:hunter2@127.0.0.1:${team.server.port}/x`], {})
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/no password in the team address.*--team-password-file/)
    expect(r.stderr).not.toContain('hunter2')
  })

  it('a server on another machine without verify-full TLS is refused; --team-insecure lets it try', async () => {
    // 192.0.2.1 is TEST-NET-1: never routed, so an attempt fails with "unreachable" (within the 2 s connect timeout)
    for (const url of ['postgres://alice@192.0.2.1:5432/team?sslmode=disable', 'postgres://alice@192.0.2.1:5432/team?sslmode=require']) {
      const started = Date.now()
      const r = await runRekap(['team', 'status', '--team', url], {})
      expect(r.code).toBe(2)
      expect(r.stderr).toContain('the team server 192.0.2.1 is not this machine')
      expect(r.stderr).toContain('sslmode=verify-full')
      expect(Date.now() - started).toBeLessThan(5000)
    }
    const r = await runRekap(['team', 'status', '--team', 'postgres://alice@192.0.2.1:5432/team?sslmode=disable', '--team-insecure'], { PGPASSWORD: 'x' })
    expect(r.stderr).toContain('warning: --team-insecure')
    expect(r.stderr).toContain('team store unreachable (postgres://alice@192.0.2.1:5432/team)')
    expect(r.code).toBe(3)
    // no sslmode on another machine means verify-full: it tries, with TLS
    const tls = await runRekap(['team', 'status', '--team', 'postgres://alice@192.0.2.1:5432/team'], { PGPASSWORD: 'x' })
    expect(tls.stderr).toContain('team store unreachable (postgres://alice@192.0.2.1:5432/team?sslmode=verify-full)')
    expect(tls.code).toBe(3)
  })
})
