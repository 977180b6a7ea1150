/**
 * Issue 24 item 10: a service that echoes the API key back in its error body, lower-cased or
 * encoded (URL, base64 at every alignment, hex), must not get it into the store, the report,
 * the run record or `--json`. The real `rekap run` against a scripted service on loopback; the
 * SQLite file (and its WAL) and the report's unzipped XML are searched byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server'
import { makeTempDir } from '../helpers/temp-dir'
import { redactSecrets } from '../../src-main/core/context'
import { rekap } from './helpers'

const KEY = 'RkLive-Echo-9F3a7B21xYqZ'
const b64 = (s: string) => Buffer.from(s).toString('base64')

/** Every form the key must not appear in (case-insensitively for the text forms). */
function forms(key: string): string[] {
  const out = [key, key.toLowerCase(), key.toUpperCase(), encodeURIComponent(key), Buffer.from(key).toString('hex'), b64(key).replace(/=+$/, '')]
  // base64 of the key inside a longer text: its middle at each of the three alignments
  out.push(b64('x' + key).slice(4, -4), b64('xy' + key).slice(4, -4))
  return out
}

let tmp: ReturnType<typeof makeTempDir>
let service: ScriptedServer
beforeAll(async () => {
  tmp = makeTempDir('rekap-sec-redact-')
  service = await startScriptedServer()
  // the service repeats whatever key it got, in every disguise
  service.answerAlways((req, res) => {
    const got = String(req.headers['x-api-service-id'] ?? '')
    res.writeHead(400, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        is_success: false,
        message: `key ${got.toLowerCase()} refused; b64=${b64(got)}; again ${b64('a' + got)}; hex ${Buffer.from(got).toString('hex').toUpperCase()}; ${encodeURIComponent(got).toLowerCase()}`,
        data: null,
      }),
    )
  })
})
afterAll(async () => {
  await service?.close()
  tmp?.cleanup()
})

function expectNoKey(where: string, text: string): void {
  const lower = text.toLowerCase()
  for (const f of forms(KEY)) expect(lower.includes(f.toLowerCase()), `${where} holds the key as ${f}`).toBe(false)
}

describe('the key echoed back by a service', () => {
  it('is in none of the store, the report, the run record or --json, in any case or encoding', async () => {
    const codes = join(tmp.dir, 'codes.csv')
    writeFileSync(codes, 'Kode RS\n3171015\n3273012\n')
    const keyFile = join(tmp.dir, 'key.txt')
    writeFileSync(keyFile, KEY, { mode: 0o600 })
    const db = join(tmp.dir, 'rekap.db')
    const report = join(tmp.dir, 'report.xlsx')
    const record = join(tmp.dir, 'run.json')
    const r = await rekap(
      ['run', codes, '--kind', 'hospital-lookup', '--base-url', service.baseUrl, '--key-file', keyFile, '--yes', '--json', '--db', db, '--out', report, '--record-json', record],
      { env: { REKAP_LANG: 'en' }, timeoutMs: 90_000 },
    )
    expect(service.requests.length, r.out).toBeGreaterThan(0)
    expectNoKey('--json / stderr', r.out)
    const stored = [db, `${db}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f, 'latin1')).join('\n')
    expect(stored).toMatch(/refused; b64=/) // the service's words are kept, the key is not
    expectNoKey('the store', stored)
    expect(existsSync(report), r.out).toBe(true)
    expectNoKey('report', execFileSync('unzip', ['-p', report], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 }))
    if (existsSync(record)) expectNoKey('run record', readFileSync(record, 'utf8'))
  }, 120_000)

  it('redactSecrets masks every form (the one rule the store, reports and messages use)', () => {
    // as a service would echo them: whole encodings (of the key alone, or of a text holding it)
    const text = [KEY.toLowerCase(), KEY.toUpperCase(), encodeURIComponent(KEY), Buffer.from(KEY).toString('hex'), b64(KEY), b64('x' + KEY), b64('xy' + KEY), b64(KEY).replace(/\+/g, '-')].join(' | ')
    const masked = redactSecrets(text, [KEY])
    for (const f of forms(KEY)) expect(masked.toLowerCase()).not.toContain(f.toLowerCase())
    expect(redactSecrets('nothing secret here', [KEY])).toBe('nothing secret here')
  })
})
