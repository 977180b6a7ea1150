/**
 * The connection to the team store: one `pg` Pool per process, TLS as the target says, the
 * password handed to the driver as a function (never in a URL, never logged), and a short connect
 * timeout so a desk notices an unreachable store within seconds instead of hanging.
 */
import { readFileSync } from 'node:fs'
import { checkServerIdentity, type ConnectionOptions } from 'node:tls'
import { isIP } from 'node:net'
import pg from 'pg'
import { coreText, TextError } from '../texts/core-text'
import type { TeamTarget } from './team-target'

export class TeamUnreachableError extends TextError {
  override readonly name = 'TeamUnreachableError'
}

export class TeamRefusedError extends TextError {
  override readonly name = 'TeamRefusedError'
}

export interface TeamPoolOptions {
  password: string | undefined
  /** shown in pg_stat_activity: which desk holds the connection */
  desk?: string
  /** ms to wait for a connection before saying the store is unreachable; default 2000 */
  connectTimeoutMs?: number
  max?: number
}

function sslOptions(target: TeamTarget): false | ConnectionOptions {
  if (target.sslMode === 'disable') return false
  const ca = target.sslRootCert ? readFileSync(target.sslRootCert, 'utf8') : undefined
  if (target.sslMode === 'require') return { rejectUnauthorized: false }
  // verify-ca: the chain is checked, the name is not (libpq's meaning); verify-full checks both
  if (target.sslMode === 'verify-ca') return { rejectUnauthorized: true, ca, checkServerIdentity: () => undefined }
  // the name checked is the address's host as written (an IP against the certificate's IP names);
  // SNI carries only a DNS name (an IP there is refused by RFC 6066 and warned about by node)
  return {
    rejectUnauthorized: true, ca, ...(isIP(target.host) ? {} : { servername: target.host }),
    checkServerIdentity: (_name, cert) => checkServerIdentity(target.host, cert),
  }
}

export function openTeamPool(target: TeamTarget, opts: TeamPoolOptions): pg.Pool {
  const password = opts.password
  const pool = new pg.Pool({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    // a function, so the driver neither keeps it in its config object nor falls back to ~/.pgpass itself
    password: async () => password ?? '',
    ssl: sslOptions(target),
    application_name: `rekap${opts.desk ? ' ' + opts.desk : ''}`.slice(0, 63),
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 2000,
    max: opts.max ?? 4,
    idleTimeoutMillis: 10_000,
  })
  // an idle client losing its server must not crash the process; the next query reports it
  pool.on('error', () => {})
  return pool
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P03'])

/** True for errors that mean "the store is not there right now" (not a refusal of what we asked). */
export function isTeamUnreachable(err: unknown): boolean {
  if (err instanceof TeamUnreachableError) return true
  const e = err as { code?: string; message?: string } | null
  if (e?.code && UNREACHABLE_CODES.has(e.code)) return true
  return /timeout expired|Connection terminated|connect ETIMEDOUT|server closed the connection/i.test(e?.message ?? '')
}

/** The server answered and said no: wrong password, no such role or database. */
const REFUSED_CODES = new Set(['28P01', '28000', '3D000'])

/** The server's certificate did not prove who it is (node's TLS codes): refused, never retried as "away". */
const TLS_UNTRUSTED_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_SIGNATURE_FAILURE', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'CERT_UNTRUSTED',
])

/**
 * Turns a connection failure into "team store unreachable (address): reason", a certificate that
 * does not prove the server's identity (wrong CA, wrong host name) or a refusal by the server
 * into a refusal naming what to fix; other errors pass through.
 */
export function asTeamError(err: unknown, target: TeamTarget): unknown {
  const code = (err as { code?: string } | null)?.code
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new TeamRefusedError(coreText('team.tlsWrongName', { target: target.display, host: target.host, reason: (err as Error).message }))
  }
  if (code && TLS_UNTRUSTED_CODES.has(code)) {
    return new TeamRefusedError(coreText('team.tlsUntrusted', { target: target.display, reason: (err as Error).message }))
  }
  if (code && REFUSED_CODES.has(code)) {
    return new TeamRefusedError(coreText('team.refused', { target: target.display, reason: (err as Error).message }))
  }
  if (!isTeamUnreachable(err) || err instanceof TeamUnreachableError) return err
  const reason = (err as { code?: string; message?: string }).code ?? (err as Error).message
  return new TeamUnreachableError(coreText('team.unreachable', { target: target.display, reason: String(reason) }))
}
