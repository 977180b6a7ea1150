/**
 * Issue 26, the watched folder, through real `rekap watch` processes, the sandbox's real face engine
 * and a real SQLite file:
 * - three workbooks dropped while the watcher runs: the good one's report in selesai/, the one with
 *   too many missing photos in gagal/ with its reason, the one over the preset's budget waiting in
 *   proses/ with a note; a workbook copied in slowly (chunks over 3 s, held open) is not taken early;
 * - a watcher killed with SIGKILL mid-job and restarted finishes the job, with no pair charged twice
 *   on the (separate) sandbox's ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { SHARED_DIR, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { startWatch, until } from '../helpers/watch-process'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

const face = (f: string): string => join(SHARED_DIR, 'fixtures/faces', f)
let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-watch-')
})
afterAll(() => tmp?.cleanup())

function csv(pairs: Array<[string, string]>): string {
  return ['NIK,Nama,Foto KTP,Foto Selfie', ...pairs.map(([a, b], i) => `32730101010100${10 + i},Orang ${i},${face(a)},${face(b)}`)].join('\n') + '\n'
}




describe('rekap watch', () => {
  it('files the good workbook under selesai/, refuses the damaged one to gagal/, keeps the over-budget one waiting, and never takes a file being copied', async () => {
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    const db = join(tmp.dir, 'watch.db')
    const saved = await rekap(['preset', 'save', 'kyc', '--kind', 'face-match', '--budget', '800', '--reuse-days', '0', '--allow-outside-paths', '--max-failing', '25%', '--db', db])
    expect(saved.code, saved.err).toBe(0)
    const w = startWatch([dir, '--preset', 'kyc', '--db', db, '--settle-ms', '1000'])
    await until('the watcher to start', () => /watching/.test(w.out()), w.out, 60_000)

    writeFileSync(join(dir, 'good.csv'), csv([['obama_1.jpg', 'obama_2.jpg'], ['biden_1.jpg', 'biden_2.jpg']]))
    writeFileSync(join(dir, 'missing.csv'), csv([['nope-1.jpg', 'obama_2.jpg'], ['nope-2.jpg', 'biden_2.jpg'], ['kit_harington_1.jpg', 'kit_harington_2.jpg']]))
    writeFileSync(join(dir, 'big.csv'), csv([['rose_leslie_1.jpg', 'rose_leslie_2.jpg'], ['alex_lacamoire_1.jpg', 'alex_lacamoire_2.png'], ['obama_3.jpg', 'obama_1.jpg']]))

    // a slow copy: six chunks half a second apart, the file held open; never claimed meanwhile
    const slow = Buffer.from(csv([['kit_harington_1.jpg', 'kit_harington_2.jpg']]))
    const fd = openSync(join(dir, 'slow.csv'), 'w')
    const step = Math.ceil(slow.length / 6)
    for (let i = 0; i < 6; i++) {
      writeSync(fd, slow.subarray(i * step, (i + 1) * step))
      await new Promise((r) => setTimeout(r, 500))
      expect(existsSync(join(dir, 'proses', 'slow.csv.ambil')), `taken after chunk ${i + 1} of 6`).toBe(false)
    }
    // written whole but still held open by its writer: not taken either
    await new Promise((r) => setTimeout(r, 1500))
    expect(existsSync(join(dir, 'proses', 'slow.csv.ambil'))).toBe(false)
    closeSync(fd)

    await until('good.csv filed under selesai/', () => existsSync(join(dir, 'selesai', 'good.csv')), w.out, 150_000)
    await until('missing.csv refused to gagal/', () => existsSync(join(dir, 'gagal', 'missing.csv.alasan.txt')), w.out, 150_000)
    await until('big.csv waiting', () => existsSync(join(dir, 'proses', 'big.csv.menunggu.txt')), w.out, 150_000)
    await until('slow.csv filed under selesai/', () => existsSync(join(dir, 'selesai', 'slow.csv')), w.out, 150_000)

    expect(readFileSync(join(dir, 'gagal', 'missing.csv.alasan.txt'), 'utf8')).toMatch(/67% of rows fail pre-flight, the preset allows 25%/)
    expect(readFileSync(join(dir, 'proses', 'big.csv.menunggu.txt'), 'utf8')).toMatch(/cost up to Rp1,200 is over the preset budget Rp800[\s\S]*rekap resume j[0-9a-f]{8}/)
    expect(existsSync(join(dir, 'big.csv'))).toBe(true)
    const good = /job (j[0-9a-f]{8}) good\.csv/.exec(w.out())![1]
    expect(existsSync(join(dir, 'selesai', `good-${good}.xlsx`))).toBe(true)
    const record = JSON.parse(readFileSync(join(dir, 'selesai', `good-${good}.json`), 'utf8'))
    expect(record).toMatchObject({ jobId: good, state: 'done', verdicts: { match: 2 } })

    w.child.kill('SIGTERM')
    expect(await w.exited).toBe(0)
    // restarted, the waiting file still waits (nothing is taken twice, nothing is run without a person)
    const again = await rekap(['watch', dir, '--preset', 'kyc', '--db', db, '--once', '--settle-ms', '200'])
    expect(again.code, again.err).toBe(0)
    expect(again.out).toMatch(/still waiting big\.csv/)
    expect(existsSync(join(dir, 'proses', 'big.csv.menunggu.txt'))).toBe(true)
  })

  describe('killed mid-job', () => {
    let sandbox: SandboxProcess
    beforeAll(async () => {
      sandbox = await startSandboxProcess({ args: ['--latency', '400'] })
    })
    afterAll(async () => {
      await sandbox?.stop()
    })

    it('a watcher killed with SIGKILL and restarted finishes the job with no pair charged twice', async () => {
      const dir = join(tmp.dir, 'crash')
      mkdirSync(dir)
      const db = join(tmp.dir, 'crash.db')
      const env = { REKAP_API_KEY: sandbox.key }
      const saved = await rekap(['preset', 'save', 'kyc', '--kind', 'face-match', '--base-url', sandbox.url, '--reuse-days', '0', '--allow-outside-paths', '--concurrency', '1', '--db', db], env)
      expect(saved.code, saved.err).toBe(0)
      const pairs: Array<[string, string]> = [
        ['obama_1.jpg', 'obama_2.jpg'], ['obama_1.jpg', 'obama_3.jpg'], ['obama_2.jpg', 'obama_3.jpg'], ['biden_1.jpg', 'biden_2.jpg'],
        ['kit_harington_1.jpg', 'kit_harington_2.jpg'], ['rose_leslie_1.jpg', 'rose_leslie_2.jpg'], ['alex_lacamoire_1.jpg', 'alex_lacamoire_2.png'],
        ['obama_1.jpg', 'biden_1.jpg'], ['kit_harington_1.jpg', 'rose_leslie_1.jpg'], ['obama_240p.jpg', 'obama_1.jpg'],
      ]
      writeFileSync(join(dir, 'nasabah.csv'), csv(pairs))
      const w = startWatch([dir, '--preset', 'kyc', '--db', db, '--settle-ms', '500'], env)
      const doneRows = (): number => {
        if (!existsSync(db)) return 0
        const d = new Database(db, { readonly: true, timeout: 5000 })
        try {
          return (d.prepare("SELECT COUNT(*) AS n FROM job_rows WHERE state = 'done'").get() as { n: number }).n
        } catch {
          return 0
        } finally {
          d.close()
        }
      }
      await until('two rows done', () => doneRows() >= 2, w.out, 150_000)
      w.child.kill('SIGKILL')
      await w.exited
      expect(existsSync(join(dir, 'selesai', 'nasabah.csv'))).toBe(false)

      const restart = await rekap(['watch', dir, '--preset', 'kyc', '--db', db, '--once', '--settle-ms', '200'], env)
      expect(restart.code, restart.out + restart.err).toBe(0)
      expect(existsSync(join(dir, 'selesai', 'nasabah.csv')), restart.out).toBe(true)

      const { charges } = await sandbox.admin('GET', '/_sandbox/ledger')
      const byPair = new Map<string, number>()
      for (const c of charges as Array<{ pair: string }>) byPair.set(c.pair, (byPair.get(c.pair) ?? 0) + 1)
      expect([...byPair.values()].filter((n) => n > 1)).toEqual([])
      const d = new Database(db, { readonly: true })
      const states = d.prepare('SELECT state, COUNT(*) AS n FROM job_rows GROUP BY state').all() as Array<{ state: string; n: number }>
      d.close()
      // every row ended: done (or uncertain, if it was on the wire at the kill: never re-sent without the user's word)
      expect(states.filter((s) => !['done', 'failed', 'uncertain'].includes(s.state))).toEqual([])
    })
  })
})
