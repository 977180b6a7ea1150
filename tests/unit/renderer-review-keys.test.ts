import { describe, expect, it } from 'vitest'
import { nextOpenIndex, reviewKeyAction } from '../../src-renderer/src/review/review-keys'

describe('Review screen keys', () => {
  it('maps both languages\' initials to the four decisions', () => {
    expect(['a', 'A', 'r', 't', 'f', 's', 'l'].map((k) => reviewKeyAction(k))).toEqual([
      { kind: 'decide', decision: 'approve' },
      { kind: 'decide', decision: 'approve' },
      { kind: 'decide', decision: 'reject' },
      { kind: 'decide', decision: 'reject' },
      { kind: 'decide', decision: 'retake' },
      { kind: 'decide', decision: 'skip' },
      { kind: 'decide', decision: 'skip' },
    ])
    expect(reviewKeyAction('n')).toEqual({ kind: 'note' })
    expect(reviewKeyAction('ArrowRight')).toEqual({ kind: 'next' })
    expect(reviewKeyAction('x')).toBeNull()
    expect(reviewKeyAction('Enter')).toBeNull() // Enter stays the focused button's
  })

  it('goes to the next open pair, skipped ones last, none when all are settled', () => {
    const item = (open: boolean, skipped = false) => ({ open, skipped })
    expect(nextOpenIndex([item(true), item(false), item(true)], 0)).toBe(2)
    expect(nextOpenIndex([item(true), item(false), item(true, true)], 2)).toBe(0)
    expect(nextOpenIndex([item(false), item(true, true), item(false)], 1)).toBe(1)
    expect(nextOpenIndex([item(false), item(false)], 0)).toBeNull()
  })
})
