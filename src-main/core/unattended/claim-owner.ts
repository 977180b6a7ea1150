import { readFileSync, statSync } from 'node:fs'
import { PROCESS_STARTED_AT, processAlive } from '../engine/owner-identity'
import { thisMachine } from '../engine/boot-id'
import { parseMachine, sameMachine } from '../model/machine-id'

/**
 * How long another computer's claim is left to it after its heartbeat last moved. Its watcher
 * beats every 30 s (claim-heartbeat.ts): 3 minutes is six missed beats, enough for a workbook
 * planned in one go (the event loop busy for a minute) and a share that caches file times.
 */
export const CLAIM_STALE_MS = 180_000

/**
 * The text of a claim: who took the file (pid@host#boot: model/machine-id.ts, so a cloned machine
 * with the same host name is another computer), when, and the process's start time.
 */
export function claimText(): string {
  return `${process.pid}@${thisMachine()} ${new Date().toISOString()} ${PROCESS_STARTED_AT}\n`
}

interface ClaimWriter {
  pid: number
  /** host, or host#boot (claims written before the boot was kept in them: host alone) */
  host: string
  /** null in claims written before the start time was kept in them */
  startedAt: number | null
}

function parseClaim(text: string): ClaimWriter | null {
  const m = /^(\d+)@(\S+) \S+(?: (\d+))?/.exec(text)
  return m ? { pid: Number(m[1]), host: m[2], startedAt: m[3] ? Number(m[3]) : null } : null
}

export type ClaimHolder =
  /** this process: the file is this watcher's */
  | { kind: 'this-process' }
  /** a process on this computer, judged as job leases are (pid and start time) */
  | { kind: 'here'; alive: boolean }
  /**
   * another computer (a shared folder), or a claim not readable yet (being written): its liveness
   * is only what its heartbeat shows, `stamp` (time, size, text), compared on this computer's clock
   */
  | { kind: 'elsewhere'; host: string; stamp: string }
  /** gone meanwhile */
  | { kind: 'gone' }

export function claimHolder(claimFile: string): ClaimHolder {
  let text: string
  let stamp: string
  try {
    const st = statSync(claimFile)
    text = readFileSync(claimFile, 'utf8')
    stamp = `${st.mtimeMs}/${st.size}/${text}`
  } catch {
    return { kind: 'gone' }
  }
  const w = parseClaim(text)
  if (!w) return { kind: 'elsewhere', host: '?', stamp }
  const me = thisMachine()
  if (!sameMachine(w.host, me)) return { kind: 'elsewhere', host: shownHost(w.host, me), stamp }
  if (w.pid === process.pid && (w.startedAt === null || w.startedAt === PROCESS_STARTED_AT)) return { kind: 'this-process' }
  return { kind: 'here', alive: processAlive(w.pid, w.startedAt) }
}

/** Another computer as a person reads it: its host name, with its boot when the name is this computer's too (a clone). */
function shownHost(other: string, me: string): string {
  const o = parseMachine(other)
  return o.host === parseMachine(me).host && o.boot ? `${o.host}#${o.boot.slice(0, 8)}` : o.host
}

/** When this computer first saw a claim's current stamp (its own clock: the claim's times may be another's). */
export interface SeenClaim {
  stamp: string
  since: number
}

export interface ForeignJudgement {
  verdict: 'alive' | 'stale'
  seen: SeenClaim
  /** the claim was not seen before */
  first: boolean
}

/**
 * Another computer's claim: alive while its stamp moved within `windowMs` of this computer's
 * clock; stale once the same stamp has been seen for the window. Never judged by the claim's own
 * times: two computers' clocks differ, and a share's file times may be the server's. Pure.
 */
export function judgeForeignClaim(seen: SeenClaim | undefined, stamp: string, now: number, windowMs: number): ForeignJudgement {
  if (!seen || seen.stamp !== stamp) return { verdict: 'alive', seen: { stamp, since: now }, first: !seen }
  // this computer's clock set back since (kept across runs, on the wall clock): seen from now on
  if (now < seen.since) return { verdict: 'alive', seen: { stamp, since: now }, first: false }
  return { verdict: now - seen.since >= windowMs ? 'stale' : 'alive', seen, first: false }
}

/**
 * Where a watcher keeps what it has seen between runs: `rekap watch --once` from cron lives a few
 * seconds, and a claim first seen by each run would never be stale. This computer's own store,
 * never the shared folder (another computer's clock must not count, nor its writes).
 */
export interface SeenMemory {
  load(): Record<string, SeenClaim>
  save(seen: Record<string, SeenClaim>): void
}

/** What one watcher has seen of other computers' claims, by claim file. */
export class ForeignClaims {
  private readonly seen: Map<string, SeenClaim>

  constructor(
    readonly windowMs: number,
    private readonly memory?: SeenMemory,
  ) {
    this.seen = new Map(Object.entries(memory?.load() ?? {}))
  }

  judge(claimFile: string, stamp: string, now: number): ForeignJudgement {
    const before = this.seen.get(claimFile)
    const j = judgeForeignClaim(before, stamp, now, this.windowMs)
    this.seen.set(claimFile, j.seen)
    if (j.seen !== before) this.keep()
    return j
  }

  /** Claims no longer there (settled by their owner, taken over) are forgotten. */
  keepOnly(present: Set<string>): void {
    const n = this.seen.size
    for (const f of this.seen.keys()) if (!present.has(f)) this.seen.delete(f)
    if (this.seen.size !== n) this.keep()
  }

  private keep(): void {
    this.memory?.save(Object.fromEntries(this.seen))
  }
}
