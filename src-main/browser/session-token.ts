/**
 * The browser-mode session. `rekap ui` prints a link with a random token; the token is single
 * use: the page it opens (or a script) exchanges it once, in the `x-rekap-token` header, for a
 * fresh session secret, and from then on the printed token is refused. A link left in a
 * browser's history, a shell's scrollback or a proxy log therefore opens nothing.
 *
 * The secret is never a cookie: cookies ignore ports, so a cookie of 127.0.0.1:P would be sent
 * to every other server on 127.0.0.1 the browser visits (another user's, a dev server). The page
 * keeps the secret in its own storage (sessionStorage, which is per origin: per port) and sends
 * it in the header on every call; a request carrying anything else (a cookie included) is
 * refused. The event stream (EventSource cannot send headers) is opened with a one-time ticket
 * the page fetches with the header just before.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const TOKEN_HEADER = 'x-rekap-token'
/** the response header that hands a script its session secret when it signed in with the link's token */
export const SESSION_HEADER = 'x-rekap-session'

/** a ticket for the event stream is good for one connection, within this long */
const TICKET_TTL_MS = 60_000
const MAX_TICKETS = 100

export function newSessionToken(): string {
  return randomBytes(24).toString('base64url')
}

export function tokensEqual(given: string | undefined | null, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * 'session': the header holds the session secret.
 * 'first-use': the header holds the printed token, now spent; answer with the secret.
 * 'spent-link': the printed token again, after its one use.
 * 'missing': nothing valid (a cookie alone is nothing).
 */
export type TokenCheck = 'session' | 'first-use' | 'spent-link' | 'missing'

export interface Session {
  /** the token printed in the link (single use) */
  readonly linkToken: string
  /** the session secret, for the one answer that hands it over */
  readonly secret: string
  check(req: IncomingMessage): TokenCheck
  /** what a page address `?token=X` is: the unspent link, the spent one, or neither */
  linkState(token: string): 'valid' | 'spent' | 'wrong'
  /** a one-time ticket for `GET /api/events?ticket=` */
  newTicket(now?: number): string
  takeTicket(ticket: string | null, now?: number): boolean
}

export function createSession(opts: { linkToken?: string } = {}): Session {
  const linkToken = opts.linkToken ?? newSessionToken()
  const secret = newSessionToken()
  const tickets = new Map<string, number>()
  let spent = false
  return {
    linkToken,
    secret,
    check(req) {
      const header = req.headers[TOKEN_HEADER]
      const given = Array.isArray(header) ? header[0] : header
      if (tokensEqual(given, secret)) return 'session'
      if (tokensEqual(given, linkToken)) {
        if (spent) return 'spent-link'
        spent = true
        return 'first-use'
      }
      return 'missing'
    },
    linkState(token) {
      if (!tokensEqual(token, linkToken)) return 'wrong'
      return spent ? 'spent' : 'valid'
    },
    newTicket(now = Date.now()) {
      for (const [t, expires] of tickets) if (expires < now || tickets.size >= MAX_TICKETS) tickets.delete(t)
      const ticket = newSessionToken()
      tickets.set(ticket, now + TICKET_TTL_MS)
      return ticket
    },
    takeTicket(ticket, now = Date.now()) {
      if (!ticket || !/^[A-Za-z0-9_-]{32}$/.test(ticket)) return false
      const expires = tickets.get(ticket)
      tickets.delete(ticket)
      return expires !== undefined && expires >= now
    },
  }
}
