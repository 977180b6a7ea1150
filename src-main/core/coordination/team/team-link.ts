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

const HEARTBEAT_MS = 500
const QUERY_TIMEOUT_MS = 1500

export interface TeamLinkOptions {
  /** opens the session on first use (and again after the store was away) */
  open: () => Promise<TeamSession>
  leaseMs?: number
}

export interface TeamLink {
  readonly lease: string
  desk(): Promise<string>
  q(sql: string, params?: unknown[]): Promise<pg.QueryResult>
  /** a write that must land: tried now, and again after every heartbeat until it does */
  eventually(sql: string, params: unknown[]): void
  reachable(signal?: AbortSignal): Promise<void>
  onUnreachable(listener: () => void): () => void
  close(): Promise<void>
}

export function openTeamLink(opts: TeamLinkOptions): TeamLink {
  const lease = randomUUID()
  const leaseMs = opts.leaseMs ?? LEASE_TTL_MS
  let session: Promise<TeamSession> | null = null
  let down = false
  let closed = false
  const listeners = new Set<() => void>()
  const outbox: Array<{ sql: string; params: unknown[] }> = []
  // writes that must land and are on their way now (a clean exit waits for them)
  const sending = new Set<Promise<unknown>>()
  let timer: ReturnType<typeof setTimeout> | null = null

  const LEASE_SQL = `INSERT INTO rekap.leases (session, desk, lease_until) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (session) DO UPDATE SET lease_until = EXCLUDED.lease_until`

  function connect(): Promise<TeamSession> {
    // the lease exists before anything is asked: a reservation only counts while its lease lives
    session ??= opts.open().then(
      async (s) => {
        await s.pool.query(LEASE_SQL, [lease, s.desk, leaseMs])
        schedule(HEARTBEAT_MS)
        return s
      },
      (err) => {
        session = null
        throw err
      },
    )
    session.catch(() => (session = null))
    return session
  }

  function markDown(detail: string): TeamUnreachable {
    if (!down) {
      down = true
      for (const l of listeners) l()
    }
    return new TeamUnreachable(detail)
  }

  async function q(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    let s: TeamSession
    try {
      s = await connect()
    } catch (err) {
      if (isTeamUnreachable(err)) throw markDown(detailOf(err))
      throw err
    }
    let t: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, fail) => {
      t = setTimeout(() => fail(markDown(`no answer in ${QUERY_TIMEOUT_MS} ms`)), QUERY_TIMEOUT_MS)
    })
    try {
      return await Promise.race([s.pool.query(sql, params), timeout])
    } catch (err) {
      if (err instanceof TeamUnreachable) throw err
      if (isTeamUnreachable(err)) throw markDown(detailOf(err))
      throw err
    } finally {
      clearTimeout(t)
    }
  }

  async function beat(): Promise<void> {
    try {
      const s = await connect()
      await q(LEASE_SQL, [lease, s.desk, leaseMs])
      down = false
      while (outbox.length) {
        // a write the store refuses (not merely unreachable) is dropped: it would never land
        await q(outbox[0].sql, outbox[0].params).catch((err) => {
          if (err instanceof TeamUnreachable) throw err
        })
        outbox.shift()
      }
    } catch (err) {
      if (!(err instanceof TeamUnreachable)) markDown(detailOf(err))
    }
  }

  function schedule(ms: number): void {
    if (closed || timer) return
    timer = setTimeout(() => {
      void beat().finally(() => {
        timer = null
        schedule(HEARTBEAT_MS)
      })
    }, ms)
    timer.unref?.()
  }

  return {
    lease,
    desk: async () => (await connect()).desk,
    q,
    eventually(sql, params) {
      const p = q(sql, params).catch((err) => {
        if (err instanceof TeamUnreachable) outbox.push({ sql, params })
      })
      sending.add(p)
      void p.finally(() => sending.delete(p))
    },
    async reachable(signal) {
      for (;;) {
        signal?.throwIfAborted()
        if (!down) {
          try {
            await q('SELECT 1')
            return
          } catch {
            // still away: try again after a heartbeat
          }
        }
        await new Promise((r) => setTimeout(r, HEARTBEAT_MS))
      }
    },
    onUnreachable(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      if (!session) return
      const s = await session.catch(() => null)
      if (!s) return
      // settles on their way land first; what is still reserved then was left uncertain (cut off,
      // maybe charged): an uncertain line on the ledger, as a dead desk's are when its lease expires
      await Promise.allSettled([...sending])
      await beat().catch(() => {})
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
    },
  }
}

function detailOf(err: unknown): string {
  const e = err as { code?: string; message?: string }
  return e?.code ?? e?.message ?? String(err)
}
