/**
 * Issue 23 item 3: the chosen zone everywhere, and named. The processes here run with TZ=UTC
 * (a server, a CI box), so any time written in the process's own zone shows as UTC.
 * - `rekap directory export` writes its summary times in the Settings zone (default WIB) and
 *   names it; `--tz` chooses another.
 * - the app's Directory export: file name and summary in the Settings zone.
 * - the app's one time formatter shows a time in the chosen zone with its label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { appPaths } from '../../src-main/app/app-paths'
import { openApp } from '../../src-main/app/open-app'
import { dispatch } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { reportZone } from '../../src-main/core/reports/time-zone'
import { formatDateTime } from '../../src-renderer/src/format/numbers'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { readBook, summaryMap } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let dataDir: string
let db: string

function rekap(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TZ: 'UTC', REKAP_API_KEY: '', REKAP_LANG: 'id' } })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

/** The report-made time the summary states in UTC, and the wall-clock cell beside it. */
function madeTimes(s: Map<string, unknown>): { utc: number; wall: Date } {
  return { utc: Date.parse(String(s.get('Laporan dibuat (UTC)'))), wall: s.get('Laporan dibuat') as Date }
}

beforeAll(async () => {
  tmp = makeTempDir()
  dataDir = join(tmp.dir, 'data')
  mkdirSync(dataDir)
  db = appPaths(dataDir).dbFile
  const r = await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--db', db])
  expect(r.code, r.out + r.err).toBe(0)
}, 120_000)

afterAll(() => tmp?.cleanup())

describe('directory reports in the chosen zone, named (issue 23 item 3)', () => {
  it('rekap directory export: WIB by default, --tz Asia/Makassar on asking; the zone named in the summary', async () => {
    for (const [tz, label, name] of [
      [undefined, 'WIB', 'Asia/Jakarta'],
      ['Asia/Makassar', 'WITA', 'Asia/Makassar'],
    ] as const) {
      const out = join(tmp.dir, `rs-${label}.xlsx`)
      const r = await rekap(['directory', 'export', '--kind', 'hospitals', '--out', out, '--db', db, ...(tz ? ['--tz', tz] : [])])
      expect(r.code, r.out + r.err).toBe(0)
      const s = summaryMap((await readBook(out)).getWorksheet('Ringkasan')!)
      expect(String(s.get('Zona waktu kolom tanggal'))).toMatch(new RegExp(`^${label}, ${name} \\(UTC\\+0[78]:00\\)$`))
      const { utc, wall } = madeTimes(s)
      expect(wall.getTime()).toBe(reportZone(name).wall(utc).getTime())
      const verify = await rekap(['verify', out, '--db', db])
      expect(verify.code, verify.out).toBe(0)
    }
    const bad = await rekap(['directory', 'export', '--kind', 'hospitals', '--out', join(tmp.dir, 'x.xlsx'), '--db', db, '--tz', 'Mars/Olympus'])
    expect(bad.code).toBe(2)
  }, 120_000)

  it("the app's Directory export: the Settings zone in the file name and the summary", async () => {
    const prevTz = process.env.TZ
    // this process as a server in UTC: what the app writes must not depend on it
    process.env.TZ = 'UTC'
    const app = openApp({ mode: 'browser', paths: appPaths(dataDir), vault: () => envKeyVault({}), platformLanguage: 'id-ID' })
    try {
      await dispatch(app.handlers, 'settings.save', { timeZone: 'Asia/Jayapura' })
      const before = Date.now()
      const r = (await dispatch(app.handlers, 'directory.export', { query: { product: 'hospitals' }, lang: 'id' })) as { path: string; fileName: string }
      const s = summaryMap((await readBook(r.path)).getWorksheet('Ringkasan')!)
      expect(String(s.get('Zona waktu kolom tanggal'))).toBe('WIT, Asia/Jayapura (UTC+09:00)')
      const { utc, wall } = madeTimes(s)
      expect(wall.getTime()).toBe(reportZone('Asia/Jayapura').wall(utc).getTime())
      // the file name's stamp is the wall clock of Jayapura at the report's time
      const w = reportZone('Asia/Jayapura').wall(utc).toISOString()
      const stamp = `${w.slice(0, 10).replace(/-/g, '')}-${w.slice(11, 19).replace(/:/g, '')}`
      expect(r.fileName).toContain(stamp)
      expect(utc).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    } finally {
      await app.close()
      if (prevTz === undefined) delete process.env.TZ
      else process.env.TZ = prevTz
    }
  }, 120_000)
})

describe("the app's times: one formatter, the chosen zone, labelled (issue 23 item 3)", () => {
  it('07.13 WIB for 00:13 UTC whatever the browser zone; WITA and an IANA name for others', () => {
    const at = Date.UTC(2026, 10, 24, 0, 13)
    const wib = formatDateTime(at, 'id', 'Asia/Jakarta')
    expect(wib).toMatch(/07[.:]13/)
    expect(wib).toMatch(/WIB$/)
    expect(formatDateTime(at, 'en', 'Asia/Makassar')).toMatch(/8:13.*WITA$/)
    expect(formatDateTime(at, 'en', 'Europe/Amsterdam')).toMatch(/1:13.*Europe\/Amsterdam$/)
  })
})
