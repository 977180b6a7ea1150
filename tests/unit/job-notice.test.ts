import { describe, expect, it } from 'vitest'
import { noticeKey, noticeReason } from '../../src-main/core/unattended/job-notice'

describe('which job events notify (the one rule)', () => {
  it('done, blocked (402, budget, quota, offline) and done-with-open-review notify; the rest does not', () => {
    expect(noticeReason({ state: 'done', blockedReason: null, reviewOpen: 0 })).toBe('done')
    expect(noticeReason({ state: 'done', blockedReason: null, reviewOpen: 3 })).toBe('review')
    for (const r of ['needs-top-up', 'quota-exhausted', 'offline', 'auth-failed', 'team-unreachable']) {
      expect(noticeReason({ state: 'blocked', blockedReason: r, reviewOpen: 0 })).toBe('blocked')
    }
    for (const s of ['draft', 'ready', 'running', 'paused', 'cancelled', 'interrupted']) {
      expect(noticeReason({ state: s, blockedReason: null, reviewOpen: 5 })).toBeNull()
    }
  })

  it('a different block of the same job is a different notice', () => {
    expect(noticeKey('j1', 'blocked', 'offline')).not.toBe(noticeKey('j1', 'blocked', 'needs-top-up'))
    expect(noticeKey('j1', 'done', null)).toBe(noticeKey('j1', 'done', null))
  })
})
