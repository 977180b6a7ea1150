/**
 * What a job keeps of the watched file it came from (`watched-job:<jobId>` in the store's settings,
 * watched-job.ts) goes with the job: `rekap jobs delete`, `rekap jobs --prune`, the app's prune and
 * the discarding of week-old plans each left it behind before, one settings row per deleted job
 * forever, naming a folder and file of a job that no longer exists. A job not deleted keeps its own.
 * Real `rekap` processes and the app's dispatcher on a real SQLite file.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp } from '../../src-main/app/open-app'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { openStore } from '../../src-main/core/store'
import { keepWatchedOrigin } from '../../src-main/core/unattended/watched-job'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-watched-delete-')
})
afterAll(() => tmp?.cleanup())

const DAY_MS = 86_400_000

/**
 * Watched hospital-lookup jobs of 2 rows as a watcher leaves them, each with its `watched-job:` entry:
 * cancelled (finished: deletable, prunable), planned and never started (`ready`), or `paused` (never pruned).
 */
function watchedJobs(dbFile: string, names: string[], o: { state?: 'cancelled' | 'ready' | 'paused'; at?: number } = {}): string[] {
  const store = openStore(dbFile)
  try {
    const at = o.at ?? Date.now() - 60_000
    return names.map((name) => {
      const settings = defaultJobSettings({ sandbox: true })
      const input = join(tmp.dir, 'masuk', name)
      const id = store.jobs.create({ kind: 'hospital-lookup', inputFile: input, inputName: name, inputFingerprint: `sha256:${name}`, headers: ['Kode RS'], mapping: { code: 'Kode RS' }, settings }, at).id
      store.rows.insertMany(id, [1, 2].map((i) => ({ rowNo: i, sourceRow: i + 1, input: { 'Kode RS': `317100${i}` }, payload: { code: `317100${i}` } })), at)
      store.jobs.transition(id, 'ready', at)
      const to = o.state ?? 'cancelled'
      if (to === 'cancelled') store.jobs.transition(id, 'cancelled', at)
      if (to === 'paused') for (const s of ['running', 'paused'] as const) store.jobs.transition(id, s, at)
      keepWatchedOrigin(store, id, join(tmp.dir, 'masuk'), name)
      return id
    })
  } finally {
    store.close()
  }
}

/** The jobs whose `watched-job:` entries are in the file, read as another program would. */
function watchedEntries(dbFile: string): string[] {
  const d = new Database(dbFile, { readonly: true })
  try {
    const rows = d.prepare("SELECT key FROM settings WHERE key LIKE 'watched-job:%' ORDER BY key").all() as Array<{ key: string }>
    return rows.map((r) => r.key.slice('watched-job:'.length))
  } finally {
    d.close()
  }
}

describe('a deleted watched job takes its watched-job entry with it', () => {
  it('rekap jobs delete, rekap jobs --prune and the discarded week-old plan: only the deleted jobs\' entries go (a paused job keeps its)', async () => {
    const db = join(tmp.dir, 'cli', 'rekap.db')
    mkdirSync(join(tmp.dir, 'cli'), { recursive: true })
    const [a, b, c] = watchedJobs(db, ['a.csv', 'b.csv', 'c.csv'])
    const [stale] = watchedJobs(db, ['stale.csv'], { state: 'ready', at: Date.now() - 8 * DAY_MS })
    const [live] = watchedJobs(db, ['live.csv'], { state: 'paused' })
    expect(watchedEntries(db)).toEqual([a, b, c, stale, live].sort())

    const del = await rekap(['jobs', 'delete', a, '--yes', '--db', db])
    expect(del.code, del.out + del.err).toBe(0)
    expect(watchedEntries(db)).toEqual([b, c, stale, live].sort())

    // listing the jobs discards plans never started for a week
    const listed = await rekap(['jobs', '--db', db])
    expect(listed.code, listed.out + listed.err).toBe(0)
    expect(listed.out).not.toContain(stale)
    expect(watchedEntries(db)).toEqual([b, c, live].sort())

    const pruned = await rekap(['jobs', '--prune', '--older-than', '0h', '--yes', '--db', db])
    expect(pruned.code, pruned.out + pruned.err).toBe(0)
    expect(pruned.out).not.toMatch(/nothing deleted/)
    expect(watchedEntries(db)).toEqual([live])
  })

  it('the app\'s prune (Settings, space used) deletes the entries of the jobs it deletes', async () => {
    const data = join(tmp.dir, 'app')
    const paths = appPaths(data)
    mkdirSync(data, { recursive: true })
    const [a, b] = watchedJobs(paths.dbFile, ['a.csv', 'b.csv'], { at: Date.now() - 2 * DAY_MS })
    const [kept] = watchedJobs(paths.dbFile, ['kept.csv'])
    const app = openApp({ mode: 'browser', paths, vault: () => envKeyVault({}), platformLanguage: 'id-ID', heavyWorkThreads: false })
    try {
      const done = (await dispatch(app.handlers, 'storage.prune', { olderThanDays: 1 })) as { deleted: Array<{ jobId: string }> }
      expect(done.deleted.map((d) => d.jobId).sort()).toEqual([a, b].sort())
    } finally {
      await app.close()
    }
    expect(watchedEntries(paths.dbFile)).toEqual([kept])
  })
})
