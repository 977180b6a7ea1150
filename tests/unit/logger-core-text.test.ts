/**
 * A log line a person reads is a core text, said in the logger's language (the CLI passes its
 * own); a developer's line stays the English string it was given; both keep the level's tag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stderrLogger } from '../../src-main/core/context'
import { coreText, renderCoreText } from '../../src-main/core/texts/core-text'

afterEach(() => vi.restoreAllMocks())

function captured(run: () => void): string {
  let out = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true))
  run()
  return out
}

describe('stderrLogger', () => {
  const paused = coreText('log.jobPaused', { job: 'j1', why: coreText('stopped.storeBusy', { file: '/data/rekap.db' }) })

  it('says a core text in the language it is given, English by default', () => {
    const id = captured(() => stderrLogger('warn', () => [], (l) => (l === 'error' ? 'galat' : l), (t) => renderCoreText(t, 'id')).log('error', paused))
    expect(id).toBe('[galat] pekerjaan j1 dijeda: berkas data /data/rekap.db dipegang program lain (cadangan, sqlite3, rekap lain) lebih lama dari yang ditunggu rekap, jadi jawaban sebuah baris tidak bisa disimpan; saat pekerjaan dilanjutkan, baris itu diselesaikan (yang mungkin sudah ditagih menjadi TIDAK PASTI, tidak dikirim ulang tanpa izin Anda)\n')
    const en = captured(() => stderrLogger('warn').log('error', paused))
    expect(en).toMatch(/^\[error\] job j1 paused: the data file \/data\/rekap\.db was held by another program/)
  })

  it("keeps a developer's string, and below its level says nothing", () => {
    expect(captured(() => stderrLogger('debug').log('debug', 'job j1: database is locked'))).toBe('[debug] job j1: database is locked\n')
    expect(captured(() => stderrLogger('warn').log('debug', 'job j1: database is locked'))).toBe('')
  })
})
