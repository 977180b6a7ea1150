/**
 * A job that came from a watched folder runs only while this computer holds its file's claim
 * (watched-run-rule.ts, pure), read from what the job keeps about the file (watched-job.ts: kept by
 * the watcher, or from an earlier rekap's TakenRecord), and asked again before each request of a
 * person's run (watched-claim-gate.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { JobRecord, Store } from '../../src-main/core/store'
import { renderCoreText } from '../../src-main/core/texts/core-text'
import { claim, claimPath } from '../../src-main/core/unattended/watch-folder'
import { watchedRunRefusal } from '../../src-main/core/unattended/watched-run-rule'
import { keepWatchedOrigin, watchedOriginOf } from '../../src-main/core/unattended/watched-job'
import { watchedClaimHoldBack } from '../../src-main/core/unattended/watched-claim-gate'
import { useTempStore } from '../helpers/temp-store'

let store: Store
let dir: string
useTempStore((s, d) => ((store = s), (dir = d)))

const origin = { dir: '/srv/masuk', name: 'kode.csv' }
const en = (t: ReturnType<typeof watchedRunRefusal>) => (t ? renderCoreText(t, 'en') : null)
const id = (t: ReturnType<typeof watchedRunRefusal>) => (t ? renderCoreText(t, 'id') : null)

describe('watchedRunRefusal', () => {
  it('allows the claim of this process, and of a live watcher on this computer (its heartbeat keeps others off)', () => {
    expect(watchedRunRefusal({ kind: 'this-process' }, origin, 'j1')).toBeNull()
    expect(watchedRunRefusal({ kind: 'here', alive: true }, origin, 'j1')).toBeNull()
  })
  it('refuses another computer\'s claim naming the host, in Indonesian and English, saying how to go on', () => {
    const t = watchedRunRefusal({ kind: 'elsewhere', host: 'desk-b', stamp: 's' }, origin, 'j1')
    expect(en(t)).toMatch(/^job j1 is not run here: kode\.csv in \/srv\/masuk is held by desk-b \(another computer\)/)
    expect(en(t)).toContain('rekap watch /srv/masuk')
    expect(en(t)).toContain('rekap cancel j1')
    expect(id(t)).toMatch(/^pekerjaan j1 tidak dijalankan di sini: kode\.csv di \/srv\/masuk kini dipegang desk-b \(komputer lain\)/)
  })
  it('refuses a claim that is gone, and one no live watcher beats; each names rekap watch, so the work is not stranded', () => {
    expect(en(watchedRunRefusal({ kind: 'gone' }, origin, 'j1'))).toMatch(/claim of kode\.csv is no longer in \/srv\/masuk\/proses\/.*rekap watch \/srv\/masuk takes it back/)
    expect(en(watchedRunRefusal({ kind: 'here', alive: false }, origin, 'j1'))).toMatch(/no watcher on this computer keeps the claim .*Run rekap watch \/srv\/masuk/)
    expect(id(watchedRunRefusal({ kind: 'gone' }, origin, 'j1'))).toContain('rekap watch /srv/masuk')
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

describe('before each request of a person\'s run of a watched job', () => {
  it('goes on while this process holds the claim, holds back once another computer took it (read at most once a second)', () => {
    const folder = join(dir, 'watched')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'kode.csv'), 'Kode RS\n1\n')
    expect(claim(folder, 'kode.csv')).not.toBeNull()
    keepWatchedOrigin(store, 'jrun', folder, 'kode.csv')
    let now = 0
    const holdBack = watchedClaimHoldBack(store, job('jrun', join(folder, 'kode.csv')), () => now)!
    expect(holdBack()).toBeNull()
    rmSync(claimPath(folder, 'kode.csv'))
    writeFileSync(claimPath(folder, 'kode.csv'), `4242@desk-b-${hostname()} 2026-01-01T00:00:00.000Z 1700000000000\n`)
    now = 500
    expect(holdBack(), 'the claim is not read again within a second').toBeNull()
    now = 1500
    expect(holdBack()).toContain('watch.resumeTaken')
    expect(watchedClaimHoldBack(store, job('jhand', '/home/a/kode.csv'))).toBeUndefined()
  })
})
