/**
 * Never pay twice for the same pair, even across jobs: a face pair (both photos' sha256)
 * the service already verified in an earlier job of this store, within the freshness window
 * (settings.reuseDays, 0 = off), against the same service, takes that answer for free. Done
 * at planning, so the plan counts them before anything is paid, and each such row says which
 * job it was reused from.
 */
import type { Store } from '../../store'
import { reusedKey, type VerifiedPair } from '../../store/reuse-repo'
import type { JobSettings } from '../../model/job-settings'

const DAY_MS = 86_400_000

/** Same service: both the embedded sandbox, or the same base URL (a sandbox answer never stands in for a real one). */
function sameService(a: Pick<JobSettings, 'sandbox' | 'baseUrl'>, earlier: VerifiedPair): boolean {
  let s: Partial<JobSettings>
  try {
    s = JSON.parse(earlier.settingsJson) as Partial<JobSettings>
  } catch {
    return false
  }
  if (a.sandbox || s.sandbox) return Boolean(a.sandbox && s.sandbox)
  return (s.baseUrl ?? '').replace(/\/+$/, '') === a.baseUrl.replace(/\/+$/, '')
}

/**
 * The newest answer another job of this store paid for this pair within the window, from the
 * same service: the one rule of what may be reused, at planning and (coordination/local-pairs.ts)
 * again just before a pair is sent.
 */
export function verifiedElsewhere(store: Store, unitKey: string, jobId: string, settings: Pick<JobSettings, 'sandbox' | 'baseUrl'>, since: number): VerifiedPair | null {
  return store.reuse.latestVerified(unitKey, jobId, since).find((p) => sameService(settings, p)) ?? null
}

export interface ReuseSummary {
  /** rows answered from earlier jobs (free) */
  reused: number
  /** the earlier jobs they came from */
  fromJobs: string[]
}

/** Completes, for free, every pending face row whose pair an earlier job verified. */
export function reuseVerifiedPairs(store: Store, jobId: string, settings: JobSettings, now: number): ReuseSummary {
  const days = settings.reuseDays ?? 0
  const summary: ReuseSummary = { reused: 0, fromJobs: [] }
  if (days <= 0) return summary
  const since = now - days * DAY_MS
  // Collected first: completing a row writes to the store, which an open iteration would block.
  const rows = [...store.rows.iterate(jobId)].filter((r) => r.state === 'pending' && !r.duplicateOf && r.unitKey)
  const jobs = new Set<string>()
  for (const row of rows) {
    const earlier = verifiedElsewhere(store, row.unitKey!, jobId, settings, since)
    if (!earlier) continue
    store.transaction(() => {
      store.rows.markInFlight(jobId, row.rowNo, now)
      store.rows.complete(
        jobId,
        row.rowNo,
        {
          outcome: earlier.outcome,
          match: earlier.match,
          confidence: earlier.confidence,
          recordKey: reusedKey(earlier.jobId, earlier.rowNo),
          fromCache: true,
          raw: { reusedFrom: { jobId: earlier.jobId, rowNo: earlier.rowNo, verifiedAt: new Date(earlier.at).toISOString() } },
        },
        now,
        { chargePoints: 0, hits: 0 },
      )
      store.reuse.clearAttempts(jobId, row.rowNo)
    })
    summary.reused++
    jobs.add(earlier.jobId)
  }
  summary.fromJobs = [...jobs]
  return summary
}
