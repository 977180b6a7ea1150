import type { CoreContext } from '../context'
import type { Store } from '../store'
import type { RowImporter } from '../jobs/planner'
import type { JobSettings } from '../model/job-settings'
import type { OwnerIdentity } from '../model/lease-rules'
import type { CoreTextLang } from '../texts/core-text'

/** Where a job's requests go. `source` labels cached records ('sandbox' or the service host). */
export interface ServiceTarget {
  baseUrl: string
  apiKey?: string
  source: string
  sandbox: boolean
  /**
   * Seconds before the first face pair is answered (the embedded sandbox loads its face engine on
   * the first verification: about 20 s here); 0 or absent once warm, and for a real service.
   */
  faceWarmUpSeconds?: number
}

export interface EngineOptions {
  store: Store
  ctx: CoreContext
  /** settings.baseUrl '' (or settings.sandbox) means the embedded sandbox; adapters decide how to reach it */
  resolveTarget: (settings: JobSettings) => Promise<ServiceTarget>
  /** pictures pasted into cells are kept here so a resumed job can still send them */
  picturesDir: string
  /** progress snapshots per job at most this often (default 250 ms = 4/s, within the 10/s budget) */
  progressIntervalMs?: number
  /** the language of rekap's own words in views (a blocked job's reason): the app's; default English */
  textLang?: () => CoreTextLang
  random?: () => number
  maxRows?: number
  /** who this engine is in job leases (default: this process, a fresh instance id) */
  owner?: OwnerIdentity
  /** is a process of this host alive (default: kill(pid, 0) + /proc start time) */
  processAlive?: (pid: number, startedAt: number) => boolean
  /** how a plan's rows are imported (default in this thread; the app passes a worker thread's) */
  importRows?: RowImporter
}
