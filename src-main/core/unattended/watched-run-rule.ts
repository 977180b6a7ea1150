import { coreText, type CoreText } from '../texts/core-text'
import type { ClaimHolder } from './claim-owner'
import type { WatchedOrigin } from './watched-job'

/** What a job that came from a watched folder may do now, by who holds its file's claim. */
export type WatchedRunVerdict =
  /** this process holds the claim, or a live watcher on this computer beats it */
  | { verdict: 'run' }
  /** this computer's claim that nobody beats any more (its watcher ended): taken back, and beaten while the job runs */
  | { verdict: 'reclaim' }
  | { verdict: 'refuse'; text: CoreText }

/**
 * May a job that came from a watched folder send (start, resume, retry, re-send)? Only while its
 * file's claim is this computer's and kept alive, so other computers keep off the file. Another
 * computer's claim, or none at all, means another computer runs, or may run, the same workbook as
 * its own job: every row sent here would be paid twice. Each refusal says how the work goes on
 * (`rekap watch` takes the file back and finishes this job), so none is stranded.
 * The one rule for the CLI, the app and the watcher. Pure.
 */
/** The few words of a refusal judgeWatchedRun gave, for a list's row (History): who holds the file, or that nobody does. */
export function shortRefusal(text: CoreText): CoreText {
  if (text.code === 'watch.resumeTaken') return coreText('watch.heldElsewhereShort', { host: text.params.host })
  if (text.code === 'watch.resumeGone') return coreText('watch.claimGoneShort', {})
  return text
}

export function judgeWatchedRun(holder: ClaimHolder, origin: WatchedOrigin, job: string): WatchedRunVerdict {
  const p = { name: origin.name, dir: origin.dir, job }
  switch (holder.kind) {
    case 'this-process':
      return { verdict: 'run' }
    case 'here':
      return holder.alive ? { verdict: 'run' } : { verdict: 'reclaim' }
    case 'elsewhere':
      return { verdict: 'refuse', text: coreText('watch.resumeTaken', { ...p, host: holder.host }) }
    case 'gone':
      return { verdict: 'refuse', text: coreText('watch.resumeGone', p) }
  }
}
