/**
 * The team implementation of the coordination port: the same decisions as the local one, taken
 * in the team store (PostgreSQL) so that every desk on one service account shares them. Jobs,
 * rows and results stay in each desk's SQLite; only the account's counts live here.
 */
import { createHmac } from 'node:crypto'
import type { Clock } from '../../context'
import type { Store } from '../../store'
import type { TeamSession } from '../../team'
import type { Coordination, HitCounter, RateTurns } from '../port'
import { openTeamLink, type TeamLink } from './team-link'
import { teamRateTurns, type TeamRateTurns, type TurnSeen } from './team-rate'
import { teamHits } from './team-hits'
import { teamMoney } from './team-money'
import { teamPairs } from './team-pairs'

export interface TeamCoordinationOptions {
  /** opens the team session on first use (so commands that never send never connect) */
  open: () => Promise<TeamSession>
  store: Store
  clock: Clock
  leaseMs?: number
  /** told what each rate turn cost (bench/team.ts measures the limiter with it) */
  observeTurns?: (seen: TurnSeen) => void
}

export interface TeamCoordination extends Coordination {
  /** the link itself (team commands and tests read the lease and the desk) */
  readonly link: TeamLink
  /** the account's name in the team store: a keyed hash, never the key */
  accountKey(account: string): Promise<string>
  /** reads the team's shared account secret (at join); then sharedAccountSecret() knows it */
  loadSharedSecret(): Promise<void>
  /**
   * The secret every desk of this team keys its account id with (derived from the store's salt):
   * desks on different computers, each with its own local secret, name one account alike.
   * Undefined until loaded.
   */
  sharedAccountSecret(): string | undefined
}

/** An account's name in the team store: HMAC-SHA256 with the store's own salt over rekap's account id. */
export function teamAccountKey(salt: string, account: string): string {
  return createHmac('sha256', salt).update(account).digest('hex').slice(0, 32)
}

/** The account id's secret every desk of a team shares (core/engine/account-id.ts), from the store's own salt. */
export function teamSharedAccountSecret(salt: string): string {
  return createHmac('sha256', salt).update('rekap account id').digest('hex')
}

type TeamHits = ReturnType<typeof teamHits>

/** The team's hit counter for one account and product, asked for once the account's keyed name is known. */
function lazyHitCounter(get: (key: keyof TeamHits) => Promise<TeamHits>): HitCounter {
  let known = 0
  return {
    tryStart: async (quota) => {
      const h = await get('tryStart')
      const ok = await h.tryStart(quota)
      known = h.used()
      return ok
    },
    unstart: () => void get('unstart').then((h) => (h.unstart(), (known = h.used())), () => {}),
    used: () => known,
    read: async () => (known = await (await get('read')).read()),
    acquire: () => {},
    release: () => {},
    state: async (hits) => {
      known = await (await get('state')).state(hits)
      return known
    },
  }
}

export function createTeamCoordination(opts: TeamCoordinationOptions): TeamCoordination {
  const link = openTeamLink({ open: opts.open, leaseMs: opts.leaseMs })
  let salt: Promise<string> | null = null
  let shared: string | undefined
  const counters = new Map<string, HitCounter>()
  const rates = new Map<string, { get: (key: keyof TeamRateTurns) => Promise<TeamRateTurns>; turns: RateTurns }>()

  async function accountKey(account: string): Promise<string> {
    salt ??= link.q('SELECT account_salt FROM rekap.coordination_meta').then(
      (r) => {
        shared = teamSharedAccountSecret(r.rows[0].account_salt as string)
        return r.rows[0].account_salt as string
      },
      (err) => {
        salt = null
        throw err
      },
    )
    return teamAccountKey(await salt, account)
  }

  /** Resolves the account's keyed name on first use, then hands every call to the made object. */
  function lazy<T extends object>(account: string, make: (key: string) => T): (key: keyof T) => Promise<T> {
    let made: Promise<T> | null = null
    return () => (made ??= accountKey(account).then(make, (err) => ((made = null), Promise.reject(err))))
  }

  return {
    link,
    accountKey,
    loadSharedSecret: async () => void (await accountKey('')),
    sharedAccountSecret: () => shared,
    rate(account, product, rps) {
      // one lead of slots per account and product in this desk, whichever job or caller asks
      const id = `${account}|${product}`
      let r = rates.get(id)
      if (!r) {
        const get = lazy(account, (key) => teamRateTurns(link, opts.clock, key, product, rps, opts.observeTurns))
        r = {
          get,
          turns: {
            take: async (signal) => (await get('take')).take(signal),
            rateLimited: (ms) => void get('rateLimited').then((t) => t.rateLimited(ms), () => {}),
            succeeded: () => {},
          },
        }
        rates.set(id, r)
      } else void r.get('setRps').then((t) => t.setRps(rps), () => {})
      return r.turns
    },
    hits(account, product) {
      const id = `${account}|${product}`
      let c = counters.get(id)
      if (c) return c
      c = lazyHitCounter(lazy(account, (key) => teamHits(link, key, product)))
      counters.set(id, c)
      return c
    },
    money: (scope) => teamMoney(link, opts.store, opts.clock, scope),
    pairs(account) {
      const get = lazy(account, (key) => teamPairs(link, opts.clock, key))
      return { claim: async (pair, signal) => (await get('claim')).claim(pair, signal) }
    },
    reachable: (signal) => link.reachable(signal),
    onUnreachable: (l) => link.onUnreachable(l),
    close: () => link.close(),
  }
}
