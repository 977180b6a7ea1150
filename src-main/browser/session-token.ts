/**
 * The browser-mode session: a random token printed once in the URL. The first request that
 * carries it as `?token=` gets it back as an HttpOnly, SameSite=Strict cookie (named per port,
 * because cookies ignore ports and two `rekap ui` may run side by side); scripts may send it as
 * the `x-rekap-token` header instead. Any other request is refused.
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
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

export type TokenCheck = 'cookie-or-header' | 'query' | 'missing'

/** How (and whether) this request proves it belongs to the session. */
export function checkToken(req: IncomingMessage, url: URL, token: string, port: number): TokenCheck {
  const header = req.headers[TOKEN_HEADER]
  if (tokensEqual(Array.isArray(header) ? header[0] : header, token)) return 'cookie-or-header'
  if (tokensEqual(readCookie(req, cookieName(port)), token)) return 'cookie-or-header'
  if (tokensEqual(url.searchParams.get('token'), token)) return 'query'
  return 'missing'
}

export function sessionCookie(port: number, token: string): string {
  return `${cookieName(port)}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict`
}
