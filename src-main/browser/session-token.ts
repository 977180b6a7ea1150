/**
 * The browser-mode session. `rekap ui` prints a link with a random token; the token is single
 * use: the first request that carries it (as `?token=`, or as the `x-rekap-token` header from a
 * script) is answered with a fresh session secret in an HttpOnly, SameSite=Strict cookie (named
 * per port, because cookies ignore ports and two `rekap ui` may run side by side), and from then
 * on the printed token is refused. A link left in a browser's history, a shell's scrollback or a
 * proxy log therefore opens nothing. Scripts may send the session secret as the header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const TOKEN_HEADER = 'x-rekap-token'

export function newSessionToken(): string {
  return randomBytes(24).toString('base64url')
}

export function cookieName(port: number): string {
  return `rekap_token_${port}`
}

export function tokensEqual(given: string | undefined | null, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/**
 * 'session': the cookie (or header) holds the session secret.
 * 'first-use': the printed token, now spent; answer with `cookie()`.
 * 'spent-link': the printed token again, after its one use.
 * 'missing': nothing valid.
 */
export type TokenCheck = 'session' | 'first-use' | 'spent-link' | 'missing'

export interface Session {
  /** the token printed in the link (single use) */
  readonly linkToken: string
  check(req: IncomingMessage, url: URL): TokenCheck
  /** the Set-Cookie value carrying the session secret */
  cookie(): string
}

export function createSession(port: () => number, opts: { linkToken?: string; secure?: boolean } = {}): Session {
  const linkToken = opts.linkToken ?? newSessionToken()
  const secret = newSessionToken()
  let spent = false
  return {
    linkToken,
    check(req, url) {
      const header = req.headers[TOKEN_HEADER]
      const headerValue = Array.isArray(header) ? header[0] : header
      if (tokensEqual(readCookie(req, cookieName(port())), secret) || tokensEqual(headerValue, secret)) return 'session'
      if (tokensEqual(url.searchParams.get('token'), linkToken) || tokensEqual(headerValue, linkToken)) {
        if (spent) return 'spent-link'
        spent = true
        return 'first-use'
      }
      return 'missing'
    },
    cookie: () => `${cookieName(port())}=${encodeURIComponent(secret)}; Path=/; HttpOnly; SameSite=Strict${opts.secure ? '; Secure' : ''}`,
  }
}
