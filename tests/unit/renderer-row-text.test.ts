import { describe, expect, it } from 'vitest'
import { inputSummary, verdictKey, rowErrorKey, rowNote } from '../../src-renderer/src/rows/row-text'
import { id as idMessages } from '../../src-renderer/src/i18n/id'
import { en as enMessages } from '../../src-renderer/src/i18n/en'
import { toolbarActions } from '../../src-renderer/src/jobs/job-actions'
import { hashOf, parseHash } from '../../src-renderer/src/stores/navigation'

describe('inputSummary', () => {
  it('shows NIK and name, not the row counter or the photo paths', () => {
    const input = { No: 1, NIK: '3201011200900000', Nama: 'Budi Santoso', 'Foto KTP': '/data/ktp/1.jpg', Selfie: 'C:\\foto\\s1.png' }
    expect(inputSummary(input)).toBe('3201011200900000 · Budi Santoso')
  })
  it('keeps codes and caps the number of values', () => {
    expect(inputSummary({ 'Kode RS': '3171015', Keterangan: 'baris 1' })).toBe('3171015 · baris 1')
    expect(inputSummary({ a: 'x', b: 'y', c: 'z', d: 'w' })).toBe('x · y · z')
    expect(inputSummary({ url: 'https://example.invalid/a.jpg', n: null, o: { deep: 1 } })).toBe('')
  })
})

describe('verdictKey', () => {
  it("maps the engine's verdict to its message key", () => {
    expect(verdictKey({ verdict: 'no-match' })).toBe('outcome.no-match')
    expect(verdictKey({ verdict: 'review' })).toBe('outcome.review')
  })
})

describe('toolbarActions', () => {
  it('shows only what the engine allows, placing resume of a blocked job in its notice and export in its panel', () => {
    expect(toolbarActions({ state: 'running', actions: ['pause', 'cancel', 'export'] })).toEqual(['pause', 'cancel'])
    expect(toolbarActions({ state: 'blocked', actions: ['resume', 'pause', 'cancel', 'export'] })).toEqual(['pause', 'cancel'])
    expect(toolbarActions({ state: 'cancelled', actions: ['export'] })).toEqual([])
  })
})

describe('screen addresses', () => {
  it('round-trips a job screen and falls back to the new-job screen', () => {
    expect(parseHash(hashOf({ screen: 'job', jobId: 'jda16026a' }))).toEqual({ screen: 'job', jobId: 'jda16026a' })
    expect(parseHash('#/settings')).toEqual({ screen: 'settings', jobId: null })
    expect(parseHash('#/job/../../etc')).toEqual({ screen: 'new', jobId: null })
    expect(parseHash('')).toEqual({ screen: 'new', jobId: null })
  })
})

describe('row error reasons in the user language', () => {
  const dict = (m: Record<string, unknown>) => (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], m)
  // Codes the engine, planner, importers and retry policy write (kept in sync by this list).
  const CODES = ['duplicate', 'image-ref-not-found', 'image-ref-outside', 'image-wrong-type', 'image-too-large', 'image-undecodable', 'file-missing', 'invalid-code', 'nik-digits-lost', 'invalid', 'invalid-image1', 'not-found', 'server', 'network', 'timeout', 'rate-limited', 'uncertain', 'interrupted']

  it('every known code has a short reason in Indonesian and English', () => {
    for (const messages of [idMessages, enMessages]) {
      const get = dict(messages)
      for (const code of CODES) expect(typeof get(rowErrorKey(code)), code).toBe('string')
    }
  })

  it('shows the translated reason for a known code and the original text otherwise', () => {
    const get = dict(idMessages)
    const t = (k: string) => String(get(k))
    const te = (k: string) => typeof get(k) === 'string'
    expect(rowNote({ errorCode: 'image-ref-not-found', error: 'kyc.xlsx, sheet "Data", row 3, column "Foto KTP": file not found' }, t, te)).toBe('Berkas foto tidak ditemukan (tidak dikirim, tidak ditagih)')
    expect(rowNote({ errorCode: 'something-new', error: 'the service said so' }, t, te)).toBe('the service said so')
    expect(rowNote({ errorCode: null, error: null }, t, te)).toBe('')
  })
})
