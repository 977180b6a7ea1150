/**
 * The local secret the account id is keyed with (core/engine/account-id.ts): 32 random bytes,
 * made once, kept 0600 in the user's data folder (not in the store: a data file shared for an
 * audit or a backup must not let anyone test a guessed API key against its usage rows).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { defaultDataDir } from './data-dir'

const FILE_NAME = 'account-secret'
const cache = new Map<string, string>()

export function localAccountSecret(dataDir: string = defaultDataDir()): string {
  const file = path.join(dataDir, FILE_NAME)
  const known = cache.get(file)
  if (known) return known
  let secret: string
  try {
    secret = readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const fresh = randomBytes(32).toString('hex')
    try {
      writeFileSync(file, fresh + '\n', { mode: 0o600, flag: 'wx' })
      secret = fresh
    } catch {
      // another process made it first: use theirs
      secret = readFileSync(file, 'utf8').trim()
    }
  }
  if (!/^[0-9a-f]{64}$/.test(secret)) throw new Error(`${file} is not a rekap account secret (64 hex digits); remove it and rekap makes a new one`)
  cache.set(file, secret)
  return secret
}
