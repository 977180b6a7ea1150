import { coreText, type CoreText } from '../texts/core-text'
import type { ClaimHolder } from './claim-owner'
import type { WatchedOrigin } from './watched-job'

/**
 * May a job that came from a watched folder send now (start, resume, retry, re-send), given who
 * holds its file's claim? Only while the claim is this computer's and kept alive: this process's
 * (the watcher itself, the app beside its Folder pantau) or a live watcher's on this computer,
 * whose heartbeat keeps other computers off it. Otherwise another computer runs, or may start
 * running, the same workbook as its own job, and every row sent here would be paid twice. Each
 * refusal says how the work goes on (`rekap watch` takes the file back), so none is stranded.
 * The one rule for the CLI, the app and the watcher, and for each request of a running job. Pure.
 */
export function watchedRunRefusal(holder: ClaimHolder, origin: WatchedOrigin, job: string): CoreText | null {
  const p = { name: origin.name, dir: origin.dir, job }
  switch (holder.kind) {
    case 'this-process':
      return null
    case 'here':
      return holder.alive ? null : coreText('watch.resumeUnwatched', p)
    case 'elsewhere':
      return coreText('watch.resumeTaken', { ...p, host: holder.host })
    case 'gone':
      return coreText('watch.resumeGone', p)
  }
}
