/**
 * The report digest, signed. A plain SHA-256 anyone with the code can recompute over an edited
 * file; an Ed25519 signature over it can only be made with the private key. Each data file has
 * its own key pair, made at first use, the private key a 0600 PEM file beside the data file
 * (like the store itself: only the user may read it; never in a report, a log or argv). The
 * report carries the signature, the public key and its fingerprint, so `rekap verify` can check
 * the signature with the file alone and say whether the signer is this machine's key.
 *
 * The hook for a team: anything that implements `ReportSigner` (e.g. `signerFromPem` over a
 * team's key) can be passed as `signer` to the report writers instead of the local key.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PRIVATE_FILE_MODE } from '../paths/private-files'

export const SIGNING_KEY_FILE = 'report-signing-key.pem'

export interface ReportSigner {
  /** the raw 32-byte Ed25519 public key, base64 */
  publicKey: string
  /** 'SHA256:' + base64 of the public key's SHA-256 (as ssh-keygen shows keys) */
  fingerprint: string
  /** the base64 signature of `signedMessage(digest)` */
  sign(digest: string): string
}

/** What the report's summary states about its signature. */
export interface ReportSignature {
  publicKey: string
  fingerprint: string
  signature: string
}

/** What is signed: the content digest, with a domain label so the key signs nothing else by accident. */
export function signedMessage(digest: string): Buffer {
  return Buffer.from(`rekap report digest v1\n${digest}\n`, 'utf8')
}

// SPKI DER of an Ed25519 public key = this fixed 12-byte prefix + the 32 raw bytes
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

function rawPublicKey(key: KeyObject): Buffer {
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length)
}

export function fingerprintOf(publicKeyBase64: string): string {
  return 'SHA256:' + createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('base64').replace(/=+$/, '')
}

/** A signer over a PKCS#8 PEM Ed25519 private key (the local key, or a team's). */
export function signerFromPem(pem: string): ReportSigner {
  const key = createPrivateKey(pem)
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`report signing key: expected an Ed25519 key, got ${key.asymmetricKeyType}`)
  const publicKey = rawPublicKey(key).toString('base64')
  return { publicKey, fingerprint: fingerprintOf(publicKey), sign: (digest) => sign(null, signedMessage(digest), key).toString('base64') }
}

/** The key file of a data file: beside it (the app and the CLI on one data file share it). */
export function signingKeyFile(dbFile: string): string | null {
  if (!dbFile || dbFile === ':memory:' || dbFile.startsWith('file::memory:')) return null
  return path.join(path.dirname(path.resolve(dbFile)), SIGNING_KEY_FILE)
}

/** This data file's signer, the key pair made at first use. Null for an in-memory store. */
export function localReportSigner(dbFile: string): ReportSigner | null {
  const file = signingKeyFile(dbFile)
  if (!file) return null
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519')
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    try {
      // 'wx': two processes making it at once keep the first one's
      writeFileSync(file, pem, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  return signerFromPem(readFileSync(file, 'utf8'))
}

/** This data file's public key (base64), without making one; null when it has none. */
export function localPublicKey(dbFile: string): string | null {
  const file = signingKeyFile(dbFile)
  if (!file || !existsSync(file)) return null
  try {
    return signerFromPem(readFileSync(file, 'utf8')).publicKey
  } catch {
    return null
  }
}

/** Does `signature` sign `digest` under `publicKey` (both base64, as the report states them)? */
export function signatureHolds(digest: string, s: Pick<ReportSignature, 'publicKey' | 'signature'>): boolean {
  try {
    const raw = Buffer.from(s.publicKey, 'base64')
    if (raw.length !== 32) return false
    const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' })
    return verify(null, signedMessage(digest), key, Buffer.from(s.signature, 'base64'))
  } catch {
    return false
  }
}

export function signDigest(signer: ReportSigner, digest: string): ReportSignature {
  return { publicKey: signer.publicKey, fingerprint: signer.fingerprint, signature: signer.sign(digest) }
}
