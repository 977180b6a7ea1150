import { createHash } from 'node:crypto'

/**
 * The service account a target belongs to: quotas are the account's, whichever data file or
 * job spends them. Host plus a hash of the key (never the key itself); the embedded sandbox
 * is one account.
 */
export function accountOf(target: { baseUrl: string; apiKey?: string; sandbox: boolean }): string {
  if (target.sandbox) return 'sandbox'
  let host = target.baseUrl
  try {
    host = new URL(target.baseUrl).host
  } catch {
    // keep the text as given
  }
  const keyHash = createHash('sha256').update(target.apiKey ?? '').digest('hex').slice(0, 16)
  return `${host}#${keyHash}`
}
