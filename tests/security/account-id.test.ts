/**
 * Issue 24 item 11: the account id in the usage table was an unsalted 64-bit prefix of SHA-256 of
 * the key, so anyone holding the data file could confirm a guessed key offline. Now an HMAC keyed
 * with a random secret kept 0600 in the user's data folder (not in the data file), and the rows
 * an older version counted move to the new id with their counts. Real `rekap run` against a real
 * sandbox process; the SQLite file read directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

const KEY = 'rk-live-ACCOUNT-ID-5e81c0a2'
let tmp: ReturnType<typeof makeTempDir>
let service: SandboxProcess
beforeAll(async () => {
  tmp = makeTempDir('rekap-sec-account-')
  service = await startSandboxProcess({ key: KEY })
}, 60_000)
afterAll(async () => {
  await service?.stop()
  tmp?.cleanup()
})

const legacyId = () => `${new URL(service.url).host}#${createHash('sha256').update(KEY).digest('hex').slice(0, 16)}`

function usageRows(db: string): Array<{ account: string; product: string; hits: number }> {
  const d = new Database(db, { readonly: true })
  try {
    return d.prepare("SELECT account, product, hits FROM usage WHERE account <> 'sandbox' ORDER BY account, product").all() as never
  } finally {
    d.close()
  }
}

async function lookup(db: string, dataDir: string, codes: string[]): Promise<void> {
  const file = join(tmp.dir, `codes-${codes.length}.csv`)
  writeFileSync(file, ['Kode RS', ...codes].join('\n') + '\n')
  const keyFile = join(tmp.dir, 'key.txt')
  writeFileSync(keyFile, KEY, { mode: 0o600 })
  const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--base-url', service.url, '--key-file', keyFile, '--yes', '--db', db], {
    env: { REKAP_DATA_DIR: dataDir },
    timeoutMs: 90_000,
  })
  expect(r.code, r.out).toBe(0)
}

describe('the account id of the usage table', () => {
  it('is keyed with a local secret: the key cannot be confirmed from the data file', async () => {
    const dataDir = join(tmp.dir, 'user')
    const db = join(tmp.dir, 'one.db')
    await lookup(db, dataDir, ['3171015', '3273012'])
    const rows = usageRows(db)
    expect(rows.length).toBeGreaterThan(0)
    const fingerprint = createHash('sha256').update(KEY).digest('hex')
    for (const r of rows) {
      expect(r.account).not.toBe(legacyId())
      expect(r.account).not.toContain(fingerprint.slice(0, 8))
      expect(r.account.startsWith(`${new URL(service.url).host}#`)).toBe(true)
    }
    // the secret: 0600, in the user's data folder, not in the data file
    const secretFile = join(dataDir, 'account-secret')
    expect(statSync(secretFile).mode & 0o777).toBe(0o600)
    const secret = readFileSync(secretFile, 'utf8').trim()
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(readFileSync(db).includes(Buffer.from(secret))).toBe(false)
  }, 120_000)

  it("carries an older version's counts over to the keyed id", async () => {
    const dataDir = join(tmp.dir, 'user')
    const db = join(tmp.dir, 'two.db')
    await lookup(db, dataDir, ['3171015'])
    const [current] = usageRows(db)
    // as an older rekap left it: 5 hits this month under the unsalted id
    const d = new Database(db)
    d.prepare('UPDATE usage SET account = ?, hits = 5 WHERE account = ?').run(legacyId(), current.account)
    d.close()
    await lookup(db, dataDir, ['3273012'])
    const after = usageRows(db)
    expect(after.map((r) => r.account)).not.toContain(legacyId())
    expect(after.find((r) => r.account === current.account && r.product === current.product)?.hits).toBe(6)
  }, 120_000)
})
