/**
 * The one rule for a service address (desktop Settings, browser mode, and `rekap run --base-url`):
 * http(s) only, no credentials, query or fragment, and https for every host that is not this
 * machine, because the API key travels in a header and plain http shows it to the network.
 */
import { isLoopbackHost } from './loopback'
import { coreText, TextError } from '../texts/core-text'

export class ServiceUrlError extends TextError {
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
    throw new ServiceUrlError(coreText('url.notAddress', { value }))
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServiceUrlError(coreText('url.protocol', { protocol: url.protocol }))
  }
  if (url.username || url.password) throw new ServiceUrlError(coreText('url.credentials', {}))
  if (url.search || url.hash) throw new ServiceUrlError(coreText('url.queryFragment', {}))
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServiceUrlError(coreText('url.plainHttp', { host: url.host, suggestion: `https://${url.host}${url.pathname === '/' ? '' : url.pathname}` }))
  }
  return url.href.replace(/\/+$/, '')
}

/** What a key is bound to: scheme, host and port (the path does not matter to who receives it). */
export function serviceOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin
}
