/**
 * The Host header check shared by `rekap ui` and `rekap sandbox` (DNS rebinding): a page on
 * evil.example that re-points its name at 127.0.0.1 reaches our port, but its requests still
 * say `Host: evil.example`. Only the loopback names, the address we were told to bind, and the
 * names the user listed (--allow-host) are answered.
 */
import { isLoopbackHost } from './loopback'

export interface HostAllowlistInput {
  port: number
  /** the address the server was asked to bind (e.g. 127.0.0.1, 0.0.0.0, 192.168.1.5) */
  boundHost: string
  /** extra names or addresses the user allowed, with or without a port */
  extraHosts?: string[]
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]'])

function bracketed(host: string): string {
  const h = host.replace(/^\[|\]$/g, '')
  return h.includes(':') ? `[${h}]` : h
}

/** Every `Host` header value that is accepted (lower case, always with the port). */
export function allowedHostHeaders(o: HostAllowlistInput): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]']
  if (!WILDCARD.has(o.boundHost) && !isLoopbackHost(o.boundHost)) names.push(bracketed(o.boundHost))
  const out = new Set(names.map((n) => `${n.toLowerCase()}:${o.port}`))
  for (const extra of o.extraHosts ?? []) {
    const e = extra.trim().toLowerCase()
    if (!e) continue
    // "name:port" or "[v6]:port" is taken as given; a bare name gets our port
    if (/^\[.*\]:\d+$/.test(e) || /^[^:[\]]+:\d+$/.test(e)) out.add(e)
    else out.add(`${bracketed(e)}:${o.port}`)
  }
  return out
}

export function hostHeaderAllowed(allowed: Set<string>, header: string | undefined): boolean {
  return allowed.has((header ?? '').trim().toLowerCase())
}

/** The refusal text (421 Misdirected Request); names the flag that would allow the name. */
export function hostRefusal(header: string | undefined): string {
  return `this server does not answer to the host name "${header ?? ''}" (a DNS-rebinding guard); ` +
    'if you reach it by that name on purpose, start it with --allow-host <name>'
}
