import { createHash, createHmac } from 'node:crypto'
import type { Store } from '../store'
import { localAccountSecret } from '../paths/account-secret'

type AccountTarget = { baseUrl: string; apiKey?: string; sandbox: boolean }

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl // keep the text as given
  }
}

/**
 * The service account a target belongs to: quotas are the account's, whichever job spends them.
 * Host plus an HMAC of the key keyed with a secret (never the key, nor a plain hash of it, which
 * would confirm a guessed key offline to anyone holding the data file); the embedded sandbox is
 * one account. The secret is this user's local one (core/paths/account-secret.ts) unless given:
 * desks that share counts (team mode) must pass one secret they share, or their ids differ.
 */
export function accountId(target: AccountTarget, secret: string = localAccountSecret()): string {
  if (target.sandbox) return 'sandbox'
  const mac = createHmac('sha256', secret).update(target.apiKey ?? '').digest('hex').slice(0, 32)
  return `${hostOf(target.baseUrl)}#${mac}`
}

/** The id older versions used (unsalted SHA-256 prefix): only to carry their counts over. */
export function legacyAccountId(target: AccountTarget): string {
  return `${hostOf(target.baseUrl)}#${createHash('sha256').update(target.apiKey ?? '').digest('hex').slice(0, 16)}`
}

/**
 * Usage rows an older version counted under the legacy id move to the keyed id (hits added), so
 * counts carry over. Needs the key, so it runs where a target with its key is at hand.
 */
export function adoptLegacyAccount(store: Store, target: AccountTarget, secret?: string): void {
  if (target.sandbox || !target.apiKey) return
  store.usage.adoptAccount(legacyAccountId(target), accountId(target, secret))
}
