/**
 * The one rule for a service address (desktop Settings, browser mode, and `rekap run --base-url`):
 * http(s) only, no credentials, query or fragment, and https for every host that is not this
 * machine, because the API key travels in a header and plain http shows it to the network.
 */
import { isLoopbackHost } from './loopback'

export class ServiceUrlError extends Error {
  override readonly name = 'ServiceUrlError'
}

/** '' stays '' (the embedded sandbox); otherwise the URL without a trailing slash, or a ServiceUrlError. */
export function normaliseServiceUrl(raw: string): string {
  const value = raw.trim()
  if (value === '') return ''
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ServiceUrlError(`"${value}" is not a web address (expected https://…)`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServiceUrlError(`only https:// addresses are supported, got ${url.protocol}`)
  }
  if (url.username || url.password) throw new ServiceUrlError('put the API key in the key field, not in the address')
  if (url.search || url.hash) throw new ServiceUrlError('the address must not have a ?query or #fragment')
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServiceUrlError(
      `${url.host} is reached over plain http, which would show the API key to anyone on the network; use https://${url.host}${url.pathname === '/' ? '' : url.pathname}`,
    )
  }
  return url.href.replace(/\/+$/, '')
}

/** What a key is bound to: scheme, host and port (the path does not matter to who receives it). */
export function serviceOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin
}
