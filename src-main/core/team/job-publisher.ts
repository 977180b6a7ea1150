/**
 * The one adapter from a desk's engine to the team's job registry: told of every progress and
 * state change, it publishes the job's state and counts (at most once per interval per job, the
 * last change always), and a finished job's doubtful pairs to the team review queue. Best effort:
 * a store that is away is tried again at the next change and at close; the engine never waits
 * for it. It never sees the API key (it reads the job's state and counts, not its settings).
 */
import type { Store } from '../store'
import type { TeamSession } from './team-session'
import { publishLocalJob } from './publish-local-job'

export interface JobPublisherOptions {
  store: Store
  /** opens the team session on first use */
  open: () => Promise<TeamSession>
  /**
   * This process's lease in the team store, live before it resolves: the job names it, so the
   * team tells a job whose process died (lease expired) from one still being run (team-status)
   */
  lease?: () => Promise<string>
  intervalMs?: number
}

export interface JobPublisher {
  /** a job changed (progress or state) */
  changed(jobId: string): void
  /** publishes what is left (the final states), then closes the session */
  close(): Promise<void>
}

export function createJobPublisher(o: JobPublisherOptions): JobPublisher {
  const intervalMs = o.intervalMs ?? 1000
  const dirty = new Set<string>()
  let session: Promise<TeamSession> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let flushing: Promise<void> | null = null
  let closed = false

  const connect = (): Promise<TeamSession> =>
    (session ??= o.open().catch((err: unknown) => {
      session = null
      throw err
    }))

  async function flush(): Promise<void> {
    const jobs = [...dirty]
    dirty.clear()
    for (const id of jobs) {
      const job = o.store.jobs.get(id)
      if (!job) continue
      try {
        await publishLocalJob(await connect(), o.store, job, await o.lease?.())
      } catch {
        // away or refused: the job is published at its next change (or at close)
        dirty.add(id)
        return
      }
    }
  }

  function schedule(): void {
    if (timer || closed) return
    timer = setTimeout(() => {
      timer = null
      flushing = (flushing ?? Promise.resolve()).then(flush)
    }, intervalMs)
    timer.unref?.()
  }

  return {
    changed(jobId) {
      dirty.add(jobId)
      schedule()
    },
    async close() {
      closed = true
      if (timer) (clearTimeout(timer), (timer = null))
      await flushing
      if (dirty.size) await flush()
      if (session) await (await session.catch(() => null))?.close()
    },
  }
}
