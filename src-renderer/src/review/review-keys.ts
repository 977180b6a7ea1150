import type { ReviewDecisionView, ReviewItemView } from '../../../src-main/contract/ipc'

/** Zoom levels of the Review screen's photos (1 = fit). */
export const ZOOM_STEPS = [1, 1.5, 2.5, 4] as const

export type ReviewKeyAction =
  | { kind: 'decide'; decision: Decision }
  | { kind: 'note' }
  | { kind: 'prev' }
  | { kind: 'next' }
  | { kind: 'zoom'; by: 1 | -1 }

type Decision = Exclude<ReviewDecisionView, 'flag'>

/**
 * The decision keys, one table for the key handler and the buttons' key hints: the initial of the
 * word in each language (approve/setujui A, reject/tolak R T, new photo/foto ulang F, skip/lewati S L).
 * Both languages' keys work whatever the screen language is.
 */
export const DECISION_KEYS: ReadonlyArray<{ decision: Decision; id: string; en: string }> = [
  { decision: 'approve', id: 'A', en: 'A' },
  { decision: 'reject', id: 'T', en: 'R' },
  { decision: 'retake', id: 'F', en: 'F' },
  { decision: 'skip', id: 'L', en: 'S' },
]

/** The Review screen's keys: the decision keys above, N note, arrows between pairs, + and - zoom. */
export function reviewKeyAction(key: string): ReviewKeyAction | null {
  const k = key.length === 1 ? key.toUpperCase() : key
  const decided = DECISION_KEYS.find((d) => d.id === k || d.en === k)
  if (decided) return { kind: 'decide', decision: decided.decision }
  switch (k) {
    case 'N':
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
