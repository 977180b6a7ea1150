/**
 * Lets many in-flight requests follow one caller signal (typically a whole job's) through a
 * single 'abort' listener on it. Adding a listener per request would trip Node's
 * MaxListenersExceededWarning at 11 concurrent requests, and AbortSignal.any keeps combined
 * signals alive on Node 20 (nodejs/node#55351).
 */
const followers = new WeakMap<AbortSignal, Set<AbortController>>()

/** Aborts `target` when `source` aborts, until the returned function is called. */
export function followSignal(source: AbortSignal, target: AbortController): () => void {
  if (source.aborted) {
    target.abort(source.reason)
    return () => {}
  }
  let set = followers.get(source)
  if (!set) {
    const created = new Set<AbortController>()
    set = created
    followers.set(source, created)
    source.addEventListener(
      'abort',
      () => {
        for (const c of created) c.abort(source.reason)
        created.clear()
      },
      { once: true },
    )
  }
  const mine = set
  mine.add(target)
  return () => void mine.delete(target)
}
