/**
 * Where the user's API key for the real service lives. The key never goes back to the
 * renderer (only whether there is one and its last 4 characters) and never into a log.
 *
 * - Desktop: Electron's safeStorage encrypts it with the OS keychain; only ciphertext is stored.
 * - Browser mode and CLI: there is no OS keychain to lean on, so the key comes from the
 *   REKAP_API_KEY environment variable only, and saving one from the page is refused rather
 *   than written in clear.
 */
import type { SettingsRepo } from '../core/store'
import { AppError } from './app-error'
import { coreText } from '../core/texts/core-text'

export type KeySource = 'env' | 'safeStorage' | 'none'

export interface KeyVault {
  /** the key to send, or null */
  get(): string | null
  source(): KeySource
  /** throws AppError('conflict') when this vault cannot keep a key safely */
  set(key: string): void
  clear(): void
}

export const API_KEY_ENV = 'REKAP_API_KEY'
const SECRET_NAME = 'service-api-key'
const SCHEME = 'electron-safeStorage'

export function keyHint(key: string | null): string | null {
  return key && key.length >= 8 ? `…${key.slice(-4)}` : key ? '…' : null
}

function envKey(env: NodeJS.ProcessEnv): string | null {
  const k = env[API_KEY_ENV]?.trim()
  return k ? k : null
}

/** Browser mode / CLI: read-only, from the environment. */
export function envKeyVault(env: NodeJS.ProcessEnv = process.env): KeyVault {
  return {
    get: () => envKey(env),
    source: () => (envKey(env) ? 'env' : 'none'),
    set() {
      throw new AppError('conflict', coreText('app.browserNoKeyStore', { env: API_KEY_ENV }), 'key')
    },
    clear() {
      if (envKey(env)) {
        throw new AppError('conflict', coreText('app.keyFromEnv', { env: API_KEY_ENV }))
      }
    },
  }
}

/** The parts of Electron's `safeStorage` the vault uses (injected, so app/ never imports electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(cipher: Buffer): string
  /** Linux only: 'basic_text' means no keyring, i.e. effectively clear text */
  getSelectedStorageBackend?(): string
}

/** Which secret a vault keeps: the service's API key (default) or the team store's password. */
export interface SecretNames {
  secret: string
  env: string
  /** the team store password (else the API key): the refusal says which */
  team: boolean
}
const API_KEY_NAMES: SecretNames = { secret: SECRET_NAME, env: API_KEY_ENV, team: false }
/** Team mode: the team store's password, encrypted the same way; PGPASSWORD is the fallback. */
export const TEAM_PASSWORD_NAMES: SecretNames = { secret: 'team-store-password', env: 'PGPASSWORD', team: true }

/** Desktop: the stored (encrypted) key wins; REKAP_API_KEY (or `names.env`) is the fallback. */
export function safeStorageKeyVault(
  repo: SettingsRepo,
  safe: SafeStorageLike,
  env: NodeJS.ProcessEnv = process.env,
  names: SecretNames = API_KEY_NAMES,
): KeyVault {
  const fromEnv = (): string | null => env[names.env]?.trim() || null
  let cached: string | null | undefined
  function stored(): string | null {
    if (cached !== undefined) return cached
    const row = repo.getSecret(names.secret)
    cached = null
    if (row && row.scheme === SCHEME && safe.isEncryptionAvailable()) {
      try {
        cached = safe.decryptString(row.ciphertext)
      } catch {
        cached = null // encrypted under another OS account or keychain: treat as no key
      }
    }
    return cached
  }
  return {
    get: () => stored() ?? fromEnv(),
    source: () => (stored() ? 'safeStorage' : fromEnv() ? 'env' : 'none'),
    set(key) {
      const backend = process.platform === 'linux' ? safe.getSelectedStorageBackend?.() : undefined
      if (!safe.isEncryptionAvailable() || backend === 'basic_text') {
        throw new AppError('conflict', coreText('app.noKeychain', { team: names.team, env: names.env }), 'key')
      }
      repo.putSecret(names.secret, SCHEME, safe.encryptString(key))
      cached = key
    },
    clear() {
      repo.deleteSecret(names.secret)
      cached = null
    },
  }
}
