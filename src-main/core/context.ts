/**
 * The one object through which the core reaches the outside world. The CLI, the
 * browser-mode server and the Electron main process each build one; tests pass a
 * fake clock where timing must be controlled, never to avoid the real thing.
 */
import type { Coordination } from './coordination/port'
import { followSignal } from './provider/signal-fanout'
import { oneLine } from '../contract/one-line'
import { renderCoreText, type CoreText } from './texts/core-text'

export interface Clock {
  /** milliseconds since the epoch */
  now(): number
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  /**
   * `message` is a core text where a person reads the line (said in the logger's language: the
   * CLI's), a plain English string for a developer's line (a bug's words, --verbose details).
   */
  log(level: LogLevel, message: string | CoreText, fields?: Record<string, unknown>): void
}

export interface CoreContext {
  fetch: typeof fetch
  clock: Clock
  logger: Logger
  /**
   * Where the account's shared counts live (rate, money, hits, pair reuse, ledger): absent = this
   * desk alone (the local implementation over the engine's store); a team passes the PostgreSQL one.
   */
  coordination?: Coordination
  /**
   * The secret the account's name is keyed with (core/engine/account-id.ts). Absent or undefined:
   * this computer's own. A team passes one every desk shares (derived from the team store's salt),
   * so desks on different computers name one service account alike and share its counts.
   */
  accountSecret?: () => string | undefined
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // Many rows sleep on one job signal at once (retry delays at --concurrency 16): they follow it
  // through signal-fanout's single listener, not one listener each (Node warns past 10, in English).
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const mine = new AbortController()
      const unfollow = signal ? followSignal(signal, mine) : () => {}
      const timer = setTimeout(() => {
        unfollow()
        resolve()
      }, ms)
      mine.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          unfollow()
          reject(signal?.reason)
        },
        { once: true },
      )
    }),
}

/** A logger that drops everything: the default where nobody listens. */
export const silentLogger: Logger = { log: () => {} }

/** Writes one line per event to stderr, with every registered secret masked. */
export function stderrLogger(
  minLevel: LogLevel = 'info',
  secrets: () => string[] = () => [],
  tag: (level: LogLevel) => string = (l) => l,
  say: (text: CoreText) => string = (text) => renderCoreText(text, 'en'),
): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error']
  return {
    log(level, message, fields) {
      if (order.indexOf(level) < order.indexOf(minLevel)) return
      const words = typeof message === 'string' ? message : say(message)
      const line = fields ? `${words} ${JSON.stringify(fields)}` : words
      process.stderr.write(`[${tag(level)}] ${oneLine(redactSecrets(line, secrets()))}\n`)
    },
  }
}

/**
 * Replaces every occurrence of each secret (API keys, tokens) with a mask, whatever a service
 * did to it before echoing it back: any letter case, URL-encoded, hex, or base64 (standard or
 * URL-safe, alone or inside a longer base64 text at any of the three byte alignments).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const s of secrets) {
    if (!s || s.length < 4) continue
    for (const form of secretForms(s)) out = out.replace(new RegExp(escapeRegExp(form), 'gi'), '***')
  }
  return out
}

/** The disguises of one secret, longest first; encoded forms shorter than 8 characters are left out (too common). */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const forms = new Set<string>([encodeURIComponent(secret), bytes.toString('hex')])
  for (let lead = 0; lead < 3; lead++) {
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64')
    // only the characters made of the secret's bits alone: the rest depend on its neighbours
    const middle = encoded.slice(Math.ceil((lead * 8) / 6), Math.floor(((lead + bytes.length) * 8) / 6))
    forms.add(middle)
    forms.add(middle.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  const encodedForms = [...forms].filter((f) => f.length >= 8 && f !== secret)
  return [secret, ...encodedForms].sort((a, b) => b.length - a.length)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export function defaultContext(overrides: Partial<CoreContext> = {}): CoreContext {
  return { fetch: globalThis.fetch, clock: systemClock, logger: silentLogger, ...overrides }
}
