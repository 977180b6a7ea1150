/**
 * Issue 23 items 1 and 16, as a user meets them: a later decision on a row wins in every place
 * that shows it (`review --list`, `--json`, the CSV and xlsx reports, the app's review queue),
 * `--json` does not change with `--lang`, a decision on a row outside the queue is refused with
 * the row named, and a closed pipe (`rekap jobs | head -1`) ends quietly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openStore } from '../../src-main/core/store'
import { appPaths } from '../../src-main/app/app-paths'
import { openApp } from '../../src-main/app/open-app'
import { dispatch } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, cellAt, readBook } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string

function rekap(args: string[], o: { env?: NodeJS.ProcessEnv; closeStdout?: boolean } = {}): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'id', ...o.env },
  })
  let out = ''
  let err = ''
  // a reader that goes away before rekap writes (what `| head -1` does after its line)
  if (o.closeStdout) child.stdout.destroy()
  else child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

/** The fields of one CSV line (RFC 4180 quotes; no line breaks inside the fields read here). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]))
}

beforeAll(async () => {
  tmp = makeTempDir()
  db = appPaths(join(tmp.dir, 'data')).dbFile
  const { mkdirSync } = await import('node:fs')
  mkdirSync(join(tmp.dir, 'data'), { recursive: true })
  const store = openStore(db)
  jobId = buildFaceJob(store)
  store.close()
}, 60_000)

afterAll(() => tmp?.cleanup())

describe('a later decision wins everywhere (issue 23 item 1)', () => {
  it('approve by Siti, then flag by Budi: list, json, csv, xlsx and the app all show DITANDAI / Budi', async () => {
    for (const [decision, by] of [
      ['approve', 'Siti'],
      ['flag', 'Budi'],
    ]) {
      const r = await rekap(['review', jobId, '--row', '3', '--decision', decision, '--by', by, '--db', db])
      expect(r.code, r.out + r.err).toBe(0)
    }
    const json = JSON.parse((await rekap(['review', jobId, '--list', '--json', '--db', db])).out)
    const row3 = json.items.find((i: { row: number }) => i.row === 3)
    expect(row3).toMatchObject({ decision: 'flag', by: 'Budi', reviewed: false })
    expect(json.reviewed).toBe(0)

    const list = (await rekap(['review', jobId, '--list', '--db', db])).out
    const line = list.split('\n').find((l) => /^\s+3\s/.test(l))!
    expect(line).toMatch(/DITANDAI oleh Budi/)
    expect(line).not.toMatch(/Siti|approve|DISETUJUI/)

    const csv = join(tmp.dir, 'laporan.csv')
    expect((await rekap(['export', jobId, '--out', csv, '--db', db])).code).toBe(0)
    const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').split('\r\n').map(csvFields)
    const head = lines[0]
    const csvRow = lines.find((l) => l[head.indexOf('ID Baris')] === '3')!
    expect(csvRow[head.indexOf('Keputusan Akhir')]).toBe('DITANDAI')
    expect(csvRow[head.indexOf('Diputuskan Oleh')]).toBe('Budi')

    const xlsx = join(tmp.dir, 'laporan.xlsx')
    expect((await rekap(['export', jobId, '--out', xlsx, '--db', db])).code).toBe(0)
    const ws = (await readBook(xlsx)).getWorksheet('Hasil')!
    expect(cellAt(ws, 4, 'Keputusan Akhir').value).toBe('DITANDAI')
    expect(cellAt(ws, 4, 'Diputuskan Oleh').value).toBe('Budi')
    expect(cellAt(ws, 4, 'Waktu Keputusan (WIB)').value).toBeInstanceOf(Date)

    const app = openApp({ mode: 'browser', paths: appPaths(join(tmp.dir, 'data')), vault: () => envKeyVault({}), platformLanguage: 'id-ID' })
    try {
      const q = (await dispatch(app.handlers, 'review.queue', { jobId })) as { items: Array<{ rowNo: number; open: boolean; final: { decision: string; reviewer: string } | null }> }
      const item = q.items.find((i) => i.rowNo === 3)!
      expect(item.final).toMatchObject({ decision: 'flag', reviewer: 'Budi' })
      expect(item.open).toBe(true)
    } finally {
      await app.close()
    }
  }, 180_000)
})

describe('the CLI answers the same in every language, refuses what it cannot do, and ends quietly (issue 23 item 16)', () => {
  it('review --list --json is the same with --lang id and --lang en', async () => {
    const id = await rekap(['review', jobId, '--list', '--json', '--db', db, '--lang', 'id'])
    const en = await rekap(['review', jobId, '--list', '--json', '--db', db, '--lang', 'en'])
    expect(id.code).toBe(0)
    expect(JSON.parse(id.out)).toEqual(JSON.parse(en.out))
  }, 60_000)

  it('a decision on a row outside the queue is refused (exit 2) naming the row; flag still puts a row in it', async () => {
    // row 1: a MATCH well above the review band, nobody flagged it
    const r = await rekap(['review', jobId, '--row', '1', '--decision', 'approve', '--by', 'Siti', '--db', db])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/baris 1 .*tidak ada dalam antrean tinjauan/)
    expect(r.err).toMatch(/--decision flag/)
    const before = JSON.parse((await rekap(['review', jobId, '--list', '--json', '--db', db])).out)
    expect(before.items.some((i: { row: number }) => i.row === 1)).toBe(false)
    const en = await rekap(['review', jobId, '--row', '1', '--decision', 'reject', '--by', 'Siti', '--db', db, '--lang', 'en'])
    expect(en.code).toBe(2)
    expect(en.err).toMatch(/row 1 .*not in the review queue/)
  }, 60_000)

  it('declining the cost prompt is a choice: exit 0, "nothing sent", the job waits to be resumed', async () => {
    // a terminal (script(1) gives rekap a pty) answering "n"; the service address is never called
    const file = join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx')
    const own = join(tmp.dir, 'declined.db')
    const cmd = `'${process.execPath}' bin/rekap.mjs run '${file}' --base-url http://127.0.0.1:9 --db '${own}'`
    const child = spawn('script', ['-qec', cmd, '/dev/null'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: 'k-test-123', REKAP_LANG: 'id' } })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => {
      out += s
      if (/Mulai\? \[y\/T\]/.test(out) && !child.stdin.writableEnded) child.stdin.end('n\n')
    })
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(out).toMatch(/tidak dimulai: tidak ada yang dikirim/)
    expect(code, out).toBe(0)
  }, 60_000)

  it('`rekap jobs` and `review --list` whose reader has gone end without an EPIPE stack trace', async () => {
    for (const args of [
      ['jobs', '--db', db],
      ['review', jobId, '--list', '--db', db],
    ]) {
      const r = await rekap(args, { closeStdout: true })
      expect(r.err, args.join(' ')).not.toMatch(/EPIPE|at .*\.(ts|js|mjs):\d+/)
      expect(r.code, args.join(' ')).toBe(0)
    }
  }, 60_000)
})
