/**
 * Two processes writing one data file (two `rekap run` of one workbook, the app and a script, a
 * watched folder and a person). SQLite's default transaction begins as a reader: one that read
 * and then wrote failed at once with "database is locked" whenever the other process had
 * committed in between (WAL refuses a writer whose snapshot is stale, whatever the busy
 * timeout), and the job stopped on an unexpected error with every row answered (CI, stop 37:
 * cli-same-file-twice's first run, its job moving to done). Every store transaction now takes
 * the write lock when it begins, so the other process waits its turn instead.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let file: string
let store: Store

beforeEach(() => {
  tmp = makeTempDir('rekap-two-writers-')
  file = join(tmp.dir, 'rekap.db')
  store = openStore(file)
})

afterEach(() => {
  store.close()
  tmp.cleanup()
})

function runningJob(): string {
  const job = store.jobs.create({ kind: 'face-match', settings: defaultJobSettings() }, Date.now())
  store.rows.insertMany(job.id, [{ rowNo: 1, input: { n: 1 } }], Date.now())
  store.jobs.transition(job.id, 'ready', Date.now())
  store.jobs.transition(job.id, 'running', Date.now())
  return job.id
}

describe('two writers on one data file', () => {
  it('a transaction that read before it wrote still commits when another connection wrote in between: the other one waits', () => {
    const jobId = runningJob()
    const other = new Database(file)
    other.pragma('busy_timeout = 0')
    let otherWrote: boolean | undefined
    try {
      store.transaction(() => {
        expect(store.jobs.get(jobId)?.state).toBe('running')
        try {
          other.prepare('UPDATE jobs SET updated_at = updated_at + 1 WHERE id = ?').run(jobId)
          otherWrote = true
        } catch (e) {
          expect((e as { code?: string }).code).toBe('SQLITE_BUSY')
          otherWrote = false
        }
        store.rows.markInFlight(jobId, 1, Date.now())
      })
    } finally {
      other.close()
    }
    expect(otherWrote).toBe(false)
    expect(store.rows.counts(jobId).inFlight).toBe(1)
  })

  it('pausing and resuming a job hundreds of times while another process writes as fast as it can: never "database is locked"', async () => {
    const jobId = runningJob()
    // the other process: store-crash's hammer, completing paid rows of its own job, one transaction each
    const hammer: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'tests/integration/fixtures/store-hammer.ts'), file, '300000'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      let out = ''
      hammer.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s))
      const until = Date.now() + 60_000
      while (!out.includes('writing')) {
        if (Date.now() > until || hammer.exitCode !== null) throw new Error(`the other process did not start writing:\n${out}`)
        await new Promise((r) => setTimeout(r, 10))
      }
      let moves = 0
      for (let i = 0; i < 300; i++) {
        store.jobs.transition(jobId, 'paused', Date.now())
        store.jobs.transition(jobId, 'running', Date.now())
        moves += 2
        // let the other process commit between our transactions, as two real processes do
        await new Promise((r) => setImmediate(r))
      }
      expect(moves).toBe(600)
      expect(hammer.exitCode, 'the other process was still writing the whole time').toBeNull()
      expect(store.jobs.get(jobId)?.state).toBe('running')
    } finally {
      hammer.kill('SIGKILL')
      await new Promise((r) => (hammer.exitCode !== null ? r(null) : hammer.once('exit', r)))
    }
  }, 120_000)
})
