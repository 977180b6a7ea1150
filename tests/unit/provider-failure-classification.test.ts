import { describe, expect, it } from 'vitest'
import {
  classifyHttpFailure,
  extractServiceMessage,
  imageFieldOf,
  parseRetryAfter,
} from '../../src-main/core/provider/failure-classification'
import { isRetryable, ServiceError, type ServiceErrorKind } from '../../src-main/core/provider/service-error'
import { MESSAGES } from '../../src-main/core/provider/types'

describe('classifyHttpFailure', () => {
  it.each<[number, string | undefined, ServiceErrorKind, string | undefined]>([
    [401, MESSAGES.schoolsUnauthorized, 'auth', undefined],
    [401, MESSAGES.faceKeyRequired, 'auth', undefined],
    [403, MESSAGES.accreditationPremium, 'premium', undefined],
    [400, MESSAGES.image1Required, 'validation', 'image1'],
    [400, MESSAGES.image2Required, 'validation', 'image2'],
    [400, MESSAGES.image1Type, 'validation', 'image1'],
    [400, MESSAGES.image2Size, 'validation', 'image2'],
    [400, MESSAGES.noFace, 'validation', undefined],
    [402, MESSAGES.insufficientBalance, 'balance', undefined],
    [404, MESSAGES.hospitalNotFound, 'not-found', undefined],
    [429, 'Too many requests', 'rate-limited', undefined],
    [429, undefined, 'rate-limited', undefined],
    [429, 'Monthly quota exceeded for plan Standard (3000 hits)', 'quota', undefined],
    [429, 'monthly quota exceeded', 'quota', undefined],
    [500, 'Internal error', 'server', undefined],
    [503, undefined, 'server', undefined],
    [302, undefined, 'protocol', undefined],
    [418, undefined, 'protocol', undefined],
  ])('%i %j -> %s field %s', (status, message, kind, field) => {
    const c = classifyHttpFailure(status, message)
    expect(c.kind).toBe(kind)
    expect(c.field).toBe(field)
  })

  it('does not take a quota message mentioned later in the text for a quota error', () => {
    expect(classifyHttpFailure(429, 'Slow down. Monthly quota exceeded soon').kind).toBe('rate-limited')
  })

  it('names the image only when exactly one is mentioned', () => {
    expect(imageFieldOf('image1 and image2 are both missing')).toBeUndefined()
    expect(imageFieldOf('image10 is odd')).toBeUndefined()
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T10:00:00Z')
  it('reads delta seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
  })
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:59:00 GMT', now)).toBe(0)
  })
  it('ignores absent or unreadable values', () => {
    for (const v of [null, undefined, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(v, now)).toBeUndefined()
  })
})

describe('extractServiceMessage', () => {
  it('takes the envelope message, then other common names', () => {
    expect(extractServiceMessage({ is_success: false, message: 'hospital not found', data: null })).toBe('hospital not found')
    expect(extractServiceMessage({ status: 401, timestamp: 1, result: 'User not authenticated' })).toBe('User not authenticated')
    expect(extractServiceMessage({ error: 'boom' })).toBe('boom')
    expect(extractServiceMessage('<html>')).toBeUndefined()
    expect(extractServiceMessage(undefined)).toBeUndefined()
  })
})

describe('ServiceError and isRetryable', () => {
  const make = (kind: ServiceErrorKind): ServiceError =>
    new ServiceError({ kind, method: 'GET', endpoint: '/x', requestSent: true })

  it('retries only what waiting can fix', () => {
    const retryable: ServiceErrorKind[] = ['rate-limited', 'server', 'timeout', 'network']
    const final: ServiceErrorKind[] = ['auth', 'premium', 'validation', 'balance', 'not-found', 'quota', 'aborted', 'protocol']
    for (const k of retryable) expect(isRetryable(make(k)), k).toBe(true)
    for (const k of final) expect(isRetryable(make(k)), k).toBe(false)
    expect(isRetryable(new Error('network'))).toBe(false)
    expect(isRetryable(undefined)).toBe(false)
  })

  it('names endpoint and status in its message and masks the secrets everywhere', () => {
    const key = 'sk_live_9f8e7d6c5b4a'
    const err = new ServiceError({
      kind: 'auth',
      method: 'GET',
      endpoint: '/regional/indonesia/schools',
      status: 401,
      serviceMessage: `key ${key} rejected, see /x?k=${encodeURIComponent(key + '/+')}`,
      requestSent: true,
      secrets: [key, encodeURIComponent(key + '/+')],
    })
    expect(err.message).toContain('/regional/indonesia/schools')
    expect(err.message).toContain('401')
    expect(err.message).not.toContain(key)
    expect(err.serviceMessage).not.toContain(key)
    expect(err.serviceMessage).toContain('rejected')
    expect(err).toBeInstanceOf(Error)
  })
})
