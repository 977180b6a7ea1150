/**
 * The one rule for a team store address (CLI `--team`, `REKAP_TEAM`, Settings → Team): a
 * postgres:// URL without a password (passwords never go in argv or a printed address), and TLS
 * that checks the server's certificate (sslmode=verify-full) for every server that is not this
 * machine, unless the user explicitly allows an insecure connection — the service-URL rule of
 * core/net applied to the database.
 */
import { isLoopbackHost } from '../net/loopback'
import { coreText, TextError } from '../texts/core-text'

export class TeamConfigError extends TextError {
  override readonly name = 'TeamConfigError'
}

export type SslMode = 'disable' | 'require' | 'verify-ca' | 'verify-full'
const SSL_MODES: readonly SslMode[] = ['disable', 'require', 'verify-ca', 'verify-full']

export interface TeamTarget {
  host: string
  port: number
  database: string
  /** the role to connect as; undefined: PGUSER or the OS user, as psql does */
  user: string | undefined
  sslMode: SslMode
  /** sslrootcert=FILE: the CA that signed the server's certificate (else the system CAs) */
  sslRootCert: string | undefined
  /** the address as it may be printed: never a password */
  display: string
}

/** Parses and checks a team address; `allowInsecure` is the explicit `--team-insecure` / Settings switch. */
export function parseTeamTarget(raw: string, opts: { allowInsecure?: boolean } = {}): TeamTarget {
  const value = raw.trim()
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new TeamConfigError(coreText('team.badUrl', { value: redactTeamUrl(value) }))
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new TeamConfigError(coreText('team.badUrl', { value: redactTeamUrl(value) }))
  }
  if (url.password) throw new TeamConfigError(coreText('team.passwordInUrl', {}))
  const host = url.hostname.replace(/^\[|\]$/g, '') || 'localhost'
  const mode = (url.searchParams.get('sslmode') ?? (isLoopbackHost(host) ? 'disable' : 'verify-full')) as SslMode
  if (!SSL_MODES.includes(mode)) throw new TeamConfigError(coreText('team.badSslMode', { mode }))
  if (!isLoopbackHost(host) && mode !== 'verify-full' && !opts.allowInsecure) {
    throw new TeamConfigError(coreText('team.needsTls', { host }))
  }
  const port = url.port ? Number(url.port) : 5432
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'rekap'
  const user = url.username ? decodeURIComponent(url.username) : undefined
  const sslRootCert = url.searchParams.get('sslrootcert') ?? undefined
  const shown = new URL(value)
  const query = mode === 'disable' ? '' : `?sslmode=${mode}${sslRootCert ? `&sslrootcert=${encodeURIComponent(sslRootCert)}` : ''}`
  // sslrootcert stays (a file path, no secret): Settings keeps this form, and verify-full needs its CA
  const display = `${shown.protocol}//${user ? encodeURIComponent(user) + '@' : ''}${url.host}/${encodeURIComponent(database)}${query}`
  return { host, port, database, user, sslMode: mode, sslRootCert, display }
}

/** Any postgres-looking address with its password (if someone typed one) replaced: safe to print or log. */
export function redactTeamUrl(text: string): string {
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/gi, '$1:***@').replace(/([?&]password=)[^&\s]*/gi, '$1***')
}
