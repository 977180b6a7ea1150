/**
 * From a desk's own store to the team store: the job's registry line and its open doubtful pairs
 * (NIK, name, the service's verdict and score, both photos shrunk as the report's thumbnails are).
 * One function, called by `rekap team publish` and by the engine adapter when a job changes.
 */
import type { Store, JobRecord } from '../store'
import { reviewQueue, pairIdentity } from '../review'
import { kindModule } from '../kinds/registry'
import { checkedPhotoPath } from '../images/checked-photo'
import { thumbnail } from '../kinds/face-match/thumbnails'
import type { TeamSession } from './team-session'
import { publishJob, publishedJob } from './team-jobs'
import { enqueuePairs, type NewQueueItem } from './team-review'

async function photo(row: { payload: unknown; localFailure: boolean }, side: 'image1' | 'image2'): Promise<Buffer | null> {
  const file = checkedPhotoPath(row, side)
  return file ? ((await thumbnail(file))?.data ?? null) : null
}

/** The job's open pairs as queue items (not yet in the team store). */
export async function doubtfulPairs(store: Store, job: JobRecord): Promise<NewQueueItem[]> {
  if (!kindModule(job.kind).scored) return []
  const out: NewQueueItem[] = []
  for (const i of reviewQueue(store, job).items) {
    if (!i.open) continue
    const row = store.rows.get(job.id, i.rowNo)
    if (!row) continue
    out.push({
      rowNo: i.rowNo, pairHash: row.unitKey, serviceVerdict: i.verdict, confidence: i.confidence,
      label: { ...pairIdentity(job, row), sourceRow: row.sourceRow },
      photoA: await photo(row, 'image1'), photoB: await photo(row, 'image2'),
    })
  }
  return out
}

/**
 * Publishes the job's state and counts, then its open doubtful pairs; returns how many pairs were
 * new in the queue. `lease`: the running process's lease in the team store (the desk's engine).
 */
export async function publishLocalJob(session: TeamSession, store: Store, job: JobRecord, lease?: string): Promise<number> {
  await publishJob(session.pool, session.desk, { ...publishedJob(job, store.rows.counts(job.id)), session: lease ?? null })
  if (job.state !== 'done') return 0
  return enqueuePairs(session.pool, session.desk, job.id, await doubtfulPairs(store, job))
}
