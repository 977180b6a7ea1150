/**
 * A job that came from a watched folder runs only while this computer holds its file's claim
 * (watched-run-rule.ts, pure), read from what the job keeps about the file (watched-job.ts: kept by
 * the watcher, or from an earlier rekap's TakenRecord); a person's run holds the claim as a watcher
 * does and asks before each request (watched-claim-gate.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { JobRecord, Store } from '../../src-main/core/store'
import { renderCoreText } from '../../src-main/core/texts/core-text'
import { claim, claimPath } from '../../src-main/core/unattended/watch-folder'
import { judgeWatchedRun } from '../../src-main/core/unattended/watched-run-rule'
import { keepWatchedOrigin, watchedOriginOf } from '../../src-main/core/unattended/watched-job'
import { holdWatchedClaim, type WatchedClaimHold } from '../../src-main/core/unattended/watched-claim-gate'
import { thisMachine } from '../../src-main/core/engine/boot-id'
import { useTempStore } from '../helpers/temp-store'

let store: Store
let dir: string
useTempStore((s, d) => ((store = s), (dir = d)))

const origin = { dir: '/srv/masuk', name: 'kode.csv' }
const refusal = (holder: Parameters<typeof judgeWatchedRun>[0]) => {
  const v = judgeWatchedRun(holder, origin, 'j1')
  return v.verdict === 'refuse' ? v.text : null
}
const en = (t: ReturnType<typeof refusal>) => (t ? renderCoreText(t, 'en') : null)
const id = (t: ReturnType<typeof refusal>) => (t ? renderCoreText(t, 'id') : null)

describe('judgeWatchedRun', () => {
  it('runs with the claim of this process or of a live watcher on this computer; takes back one nobody beats', () => {
    expect(judgeWatchedRun({ kind: 'this-process' }, origin, 'j1')).toEqual({ verdict: 'run' })
    expect(judgeWatchedRun({ kind: 'here', alive: true }, origin, 'j1')).toEqual({ verdict: 'run' })
    expect(judgeWatchedRun({ kind: 'here', alive: false }, origin, 'j1')).toEqual({ verdict: 'reclaim' })
  })
  it('refuses another computer\'s claim naming the host, in Indonesian and English, saying how to go on', () => {
    const t = refusal({ kind: 'elsewhere', host: 'desk-b', stamp: 's' })
    expect(en(t)).toMatch(/^job j1 is not run here: kode\.csv in \/srv\/masuk is held by desk-b \(another computer\)/)
    expect(en(t)).toContain('rekap watch /srv/masuk')
    expect(en(t)).toContain('rekap cancel j1')
    expect(id(t)).toMatch(/^pekerjaan j1 tidak dijalankan di sini: kode\.csv di \/srv\/masuk kini dipegang desk-b \(komputer lain\)/)
  })
  it('refuses a claim that is gone, naming rekap watch, so the work is not stranded', () => {
    expect(en(refusal({ kind: 'gone' }))).toMatch(/claim of kode\.csv is no longer in \/srv\/masuk\/proses\/.*rekap watch \/srv\/masuk takes it back/)
    expect(id(refusal({ kind: 'gone' }))).toContain('rekap watch /srv/masuk')
  })
})

function job(jobId: string, inputFile: string | null): JobRecord {
  return { id: jobId, inputFile } as JobRecord
}

describe('what a job keeps about the watched file it came from', () => {
  it('a job run by hand has none; a watcher keeps the folder and the name', () => {
    expect(watchedOriginOf(store, job('jhand', '/home/a/kode.csv'))).toBeNull()
    keepWatchedOrigin(store, 'jw', '/srv/masuk/', 'kode.csv')
    expect(watchedOriginOf(store, job('jw', '/srv/masuk/kode.csv'))).toEqual({ dir: '/srv/masuk', name: 'kode.csv' })
  })
  it('a job an earlier rekap\'s watcher took: from its TakenRecord and where its workbook is read (a .zip unpacked in proses/)', () => {
    store.settings.set('watch-file:aa', { jobId: 'jold', name: 'kode.csv', status: 'admitted' })
    store.settings.set('watch-file:bb', { jobId: 'jzip', name: 'foto.zip', status: 'admitted' })
    expect(watchedOriginOf(store, job('jold', '/srv/masuk/kode.csv'))).toEqual({ dir: '/srv/masuk', name: 'kode.csv' })
    expect(watchedOriginOf(store, job('jzip', '/srv/masuk/proses/foto.zip.isi/data.xlsx'))).toEqual({ dir: '/srv/masuk', name: 'foto.zip' })
  })
})

/** A watched folder with kode.csv, its claim's text as given, kept as the origin of job `jobId`. */
function watchedFile(name: string, jobId: string, claimText: string | null): { folder: string; file: string } {
  const folder = join(dir, name)
  mkdirSync(join(folder, 'proses'), { recursive: true })
  writeFileSync(join(folder, 'kode.csv'), 'Kode RS\n1\n')
  if (claimText === null) expect(claim(folder, 'kode.csv')).not.toBeNull()
  else writeFileSync(claimPath(folder, 'kode.csv'), claimText)
  keepWatchedOrigin(store, jobId, folder, 'kode.csv')
  return { folder, file: join(folder, 'kode.csv') }
}

const otherDesk = () => `4242@desk-b-${hostname()} 2026-01-01T00:00:00.000Z 1700000000000\n`
const hold = (h: ReturnType<typeof holdWatchedClaim>): WatchedClaimHold => {
  expect(h && 'holdBack' in h, JSON.stringify(h)).toBe(true)
  return h as WatchedClaimHold
}

async function until(what: string, cond: () => boolean): Promise<void> {
  const start = Date.now()
  while (!cond()) {
    if (Date.now() - start > 10_000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe("a person's run of a watched job holds its claim", () => {
  it('held by this process: goes on, and holds back within a second once another computer took the file over', async () => {
    const { folder, file } = watchedFile('mine', 'jmine', null)
    const h = hold(holdWatchedClaim(store, job('jmine', file)))
    try {
      expect(h.holdBack()).toBeNull()
      rmSync(claimPath(folder, 'kode.csv'))
      writeFileSync(claimPath(folder, 'kode.csv'), otherDesk())
      // the claim is read at most once a second
      await until('the hold-back', () => h.holdBack() !== null)
      expect(h.holdBack()).toContain('watch.resumeTaken')
    } finally {
      h.release()
    }
  })
  it('a claim of this computer nobody beats (its watcher ended): taken back, this process\'s while the job runs', () => {
    const { folder, file } = watchedFile('dead', 'jdead', `999999999@${thisMachine()} 2026-01-01T00:00:00.000Z 1700000000000\n`)
    const h = hold(holdWatchedClaim(store, job('jdead', file)))
    try {
      expect(readFileSync(claimPath(folder, 'kode.csv'), 'utf8')).toMatch(new RegExp(`^${process.pid}@`))
      expect(h.holdBack()).toBeNull()
    } finally {
      h.release()
    }
  })
  it('another computer\'s claim, or none: refused before anything runs; a job run by hand has nothing to hold', () => {
    const { folder, file } = watchedFile('theirs', 'jtheirs', otherDesk())
    expect(holdWatchedClaim(store, job('jtheirs', file))).toMatchObject({ refusal: { code: 'watch.resumeTaken' } })
    rmSync(claimPath(folder, 'kode.csv'))
    expect(holdWatchedClaim(store, job('jtheirs', file))).toMatchObject({ refusal: { code: 'watch.resumeGone' } })
    expect(holdWatchedClaim(store, job('jhand2', '/home/a/kode.csv'))).toBeNull()
  })
})
