/**
 * The test harness itself: a real PostgreSQL starts, takes password logins of roles over TCP on
 * loopback, refuses a wrong password, and is gone (port closed, folder removed) after stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../../helpers/postgres-server'

describe('postgres-server harness', () => {
  let server: PostgresServer
  beforeAll(async () => {
    server = await startPostgresServer({ roles: { alice: 'alice-pw' } })
  })
  afterAll(async () => server?.stop())

  it('a role logs in with its password over TCP and sees itself as current_user', async () => {
    const db = await server.createDatabase(undefined, 'alice')
    const client = new pg.Client(server.clientConfig({ user: 'alice', password: 'alice-pw', database: db }))
    await client.connect()
    const r = await client.query('SELECT current_user AS who, current_database() AS db, version() AS v')
    await client.end()
    expect(r.rows[0].who).toBe('alice')
    expect(r.rows[0].db).toBe(db)
    expect(r.rows[0].v).toMatch(/PostgreSQL 15/)
    expect(server.url({ user: 'alice', database: db })).toBe(`postgres://alice@127.0.0.1:${server.port}/${db}`)
  })

  it('a wrong password is refused (password auth, not trust)', async () => {
    const client = new pg.Client(server.clientConfig({ user: 'alice', password: 'wrong' }))
    await expect(client.connect()).rejects.toThrow(/password authentication failed/)
  })

  it('pause and start keep the port; stop removes the folder', async () => {
    await server.pause()
    await expect(server.query('SELECT 1')).rejects.toThrow()
    await server.start()
    expect((await server.query('SELECT 1 AS one')).rows[0].one).toBe(1)
    const other = await startPostgresServer()
    expect(existsSync(other.dir)).toBe(true)
    await other.stop()
    expect(existsSync(other.dir)).toBe(false)
    await expect(other.query('SELECT 1')).rejects.toThrow()
  })
})
