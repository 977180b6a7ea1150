import type { ReviewDecisionView, ReviewItemView } from '../../../src-main/contract/ipc'

/** Zoom levels of the Review screen's photos (1 = fit). */
export const ZOOM_STEPS = [1, 1.5, 2.5, 4] as const

export type ReviewKeyAction =
  | { kind: 'decide'; decision: Exclude<ReviewDecisionView, 'flag'> }
  | { kind: 'note' }
  | { kind: 'prev' }
  | { kind: 'next' }
  | { kind: 'zoom'; by: 1 | -1 }

/**
 * The Review screen's keys. Both languages' initials work whatever the screen language is:
 * A approve (setujui), R or T reject (tolak), F new photo (foto ulang), S or L skip (lewati).
 */
export function reviewKeyAction(key: string): ReviewKeyAction | null {
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case 'a':
      return { kind: 'decide', decision: 'approve' }
    case 'r':
    case 't':
      return { kind: 'decide', decision: 'reject' }
    case 'f':
      return { kind: 'decide', decision: 'retake' }
    case 's':
    case 'l':
      return { kind: 'decide', decision: 'skip' }
    case 'n':
      return { kind: 'note' }
    case 'ArrowLeft':
      return { kind: 'prev' }
    case 'ArrowRight':
      return { kind: 'next' }
    case '+':
    case '=':
      return { kind: 'zoom', by: 1 }
    case '-':
      return { kind: 'zoom', by: -1 }
    default:
      return null
  }
}

/**
 * Where to go after a decision: the next pair still open after `from`, wrapping round to the
 * start (skipped pairs come back after the others); null when every pair is settled.
 */
export function nextOpenIndex(items: readonly Pick<ReviewItemView, 'open' | 'skipped'>[], from: number): number | null {
  const n = items.length
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n
    if (items[i].open && !items[i].skipped) return i
  }
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n
    if (items[i].open) return i
  }
  return null
}
