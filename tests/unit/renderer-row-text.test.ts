import { describe, expect, it } from 'vitest'
import { inputSummary, outcomeKey } from '../../src-renderer/src/rows/row-text'
import { availableActions } from '../../src-renderer/src/jobs/job-actions'
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

describe('outcomeKey', () => {
  it('maps known outcomes to message keys and nothing else', () => {
    expect(outcomeKey({ outcome: 'no-match' })).toBe('outcome.no-match')
    expect(outcomeKey({ outcome: null })).toBeNull()
    expect(outcomeKey({ outcome: 'weird' })).toBeNull()
  })
})

describe('availableActions', () => {
  const counts = { total: 10, pending: 0, inFlight: 0, done: 8, failed: 1, uncertain: 1, charged: 8, costPoints: 3200, outcomes: {} }
  it('a running job can only be paused or cancelled', () => {
    expect(availableActions({ state: 'running', counts })).toEqual(['pause', 'cancel'])
  })
  it('a finished job offers retrying failed rows and (with its warning) re-sending uncertain ones', () => {
    expect(availableActions({ state: 'done', counts })).toEqual(['retryFailed', 'resendUncertain'])
    expect(availableActions({ state: 'done', counts: { ...counts, failed: 0, uncertain: 0 } })).toEqual([])
  })
  it('paused resumes; blocked resumes from its own notice', () => {
    expect(availableActions({ state: 'paused', counts: { ...counts, failed: 0, uncertain: 0 } })).toEqual(['resume', 'cancel'])
    expect(availableActions({ state: 'blocked', counts: { ...counts, failed: 0, uncertain: 0 } })).toEqual(['cancel'])
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
