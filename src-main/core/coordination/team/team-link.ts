/**
 * This desk's line to the team store: its lease (one per running process, renewed every
 * HEARTBEAT_MS; what it holds stops counting LEASE_TTL_MS after it dies), whether the store
 * answers, and the writes that must land eventually (settling a charge, giving back a hit).
 *
 * Every query goes through `q`: a store that refuses the connection, drops it or takes longer
 * than QUERY_TIMEOUT_MS to answer becomes TeamUnreachable, which the runner turns into a
 * resumable block. Nothing here ever sends to the service.
 */
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { isTeamUnreachable } from '../../team/team-pool'
import type { TeamSession } from '../../team/team-session'
import { LEASE_TTL_MS } from '../../model/lease-rules'
import { TeamUnreachable } from '../team-unreachable'
import { coreText, textOfError, type CoreText } from '../../texts/core-text'

const HEARTBEAT_MS = 500
const QUERY_TIMEOUT_MS = 1500

export type OutboxParams = unknown[] | (() => unknown[])

export interface TeamLinkOptions {
  /** opens the session on first use (and again after the store was away) */
  open: () => Promise<TeamSession>
  leaseMs?: number
}

export interface TeamLink {
  readonly lease: string
  desk(): Promise<string>
  q(sql: string, params?: unknown[]): Promise<pg.QueryResult>
  /**
   * A write that must land: tried now, and again after every heartbeat until it does. Params given
   * as a function are made at each try (a time measured when the statement leaves, not when queued).
   */
  eventually(sql: string, params: OutboxParams): void
  reachable(signal?: AbortSignal): Promise<void>
  onUnreachable(listener: () => void): () => void
  close(): Promise<void>
}

const LEASE_SQL = `INSERT INTO rekap.leases (session, desk, lease_until) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (session) DO UPDATE SET lease_until = EXCLUDED.lease_until`

export function openTeamLink(opts: TeamLinkOptions): TeamLink {
  const link = new LinkConnection(opts, randomUUID(), opts.leaseMs ?? LEASE_TTL_MS)
  return {
    lease: link.lease,
    desk: async () => (await link.connect()).desk,
    q: (sql, params) => link.q(sql, params),
    eventually: (sql, params) => link.eventually(sql, params),
    reachable: (signal) => waitUntilReachable(link, signal),
    onUnreachable(listener) {
      link.listeners.add(listener)
      return () => link.listeners.delete(listener)
    },
    close: () => link.close(),
  }
}

/** The link's connection state machine: the session, whether the store is down, the heartbeat timer. */
class LinkConnection {
  session: Promise<TeamSession> | null = null
  down = false
  private closed = false
  readonly listeners = new Set<() => void>()
  private readonly outbox: Array<{ sql: string; params: OutboxParams }> = []
  // writes that must land and are on their way now (a clean exit waits for them)
  private readonly sending = new Set<Promise<unknown>>()
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly opts: TeamLinkOptions,
    readonly lease: string,
    private readonly leaseMs: number,
  ) {}

  connect(): Promise<TeamSession> {
    // the lease exists before anything is asked: a reservation only counts while its lease lives
    this.session ??= this.opts.open().then(
      async (s) => {
        await s.pool.query(LEASE_SQL, [this.lease, s.desk, this.leaseMs])
        this.schedule(HEARTBEAT_MS)
        return s
      },
      (err) => {
        this.session = null
        throw err
      },
    )
    this.session.catch(() => (this.session = null))
    return this.session
  }

  private markDown(detail: string | CoreText): TeamUnreachable {
    if (!this.down) {
      this.down = true
      for (const l of this.listeners) l()
    }
    return new TeamUnreachable(detail)
  }

  async q(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    let s: TeamSession
    try {
      s = await this.connect()
    } catch (err) {
      if (isTeamUnreachable(err)) throw this.markDown(detailOf(err))
      throw err
    }
    let t: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, fail) => {
      t = setTimeout(() => fail(this.markDown(coreText('team.noAnswer', { ms: QUERY_TIMEOUT_MS }))), QUERY_TIMEOUT_MS)
    })
    try {
      return await Promise.race([s.pool.query(sql, params), timeout])
    } catch (err) {
      if (err instanceof TeamUnreachable) throw err
      if (isTeamUnreachable(err)) throw this.markDown(detailOf(err))
      throw err
    } finally {
      clearTimeout(t)
    }
  }

  eventually(sql: string, params: OutboxParams): void {
    const p = this.q(sql, paramsNow(params)).catch((err) => {
      if (err instanceof TeamUnreachable) this.outbox.push({ sql, params })
    })
    this.sending.add(p)
    void p.finally(() => this.sending.delete(p))
  }

  private async beat(): Promise<void> {
    try {
      const s = await this.connect()
      await this.q(LEASE_SQL, [this.lease, s.desk, this.leaseMs])
      this.down = false
      await this.flushOutbox()
    } catch (err) {
      if (!(err instanceof TeamUnreachable)) this.markDown(detailOf(err))
    }
  }

  private async flushOutbox(): Promise<void> {
    while (this.outbox.length) {
      // a write the store refuses (not merely unreachable) is dropped: it would never land
      await this.q(this.outbox[0].sql, paramsNow(this.outbox[0].params)).catch((err) => {
        if (err instanceof TeamUnreachable) throw err
      })
      this.outbox.shift()
    }
  }

  private schedule(ms: number): void {
    if (this.closed || this.timer) return
    this.timer = setTimeout(() => {
      void this.beat().finally(() => {
        this.timer = null
        this.schedule(HEARTBEAT_MS)
      })
    }, ms)
    this.timer.unref?.()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    if (!this.session) return
    const s = await this.session.catch(() => null)
    if (!s) return
    // settles on their way land first; what is still reserved then was left uncertain (cut off,
    // maybe charged): an uncertain line on the ledger, as a dead desk's are when its lease expires
    await Promise.allSettled([...this.sending])
    await this.beat().catch(() => {})
    await leaveTeam(s, this.lease)
  }
}

async function waitUntilReachable(link: LinkConnection, signal?: AbortSignal): Promise<void> {
  for (;;) {
    signal?.throwIfAborted()
    if (!link.down) {
      try {
        await link.q('SELECT 1')
        return
      } catch {
        // still away: try again after a heartbeat
      }
    }
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS))
  }
}

/** This desk's reservations become uncertain charges, its in-flight pairs and its lease go. */
async function leaveTeam(s: TeamSession, lease: string): Promise<void> {
  await s.pool
    .query(
      `WITH r AS (DELETE FROM rekap.reservations WHERE session = $1 RETURNING product, job_id, desk, amount_rp, sent_at)
       INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, uncertain, charged_at)
       SELECT NULL, product, job_id, desk, amount_rp, true, sent_at FROM r WHERE sent_at IS NOT NULL`,
      [lease],
    )
    .catch(() => {})
  await s.pool.query(`DELETE FROM rekap.pairs WHERE session = $1 AND state = 'in-flight'`, [lease]).catch(() => {})
  await s.pool.query('DELETE FROM rekap.leases WHERE session = $1', [lease]).catch(() => {})
  await s.close().catch(() => {})
}

function paramsNow(params: OutboxParams): unknown[] {
  return typeof params === 'function' ? params() : params
}

/** Why the store is away, in the reader's language: rekap's own text, or the driver's code or message in a sentence of ours. */
function detailOf(err: unknown): string | CoreText {
  const own = textOfError(err)
  if (own) return own
  const e = err as { code?: string; message?: string }
  return coreText('team.connectionLost', { reason: e?.code ?? e?.message ?? String(err) })
}
