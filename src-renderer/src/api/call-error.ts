/**
 * What a failed command looks like on the renderer side, whichever transport carried it.
 * `code` says what kind of failure it was so a screen can react (e.g. highlight `field` on
 * 'invalid-input'); `message` is plain words, safe to show (it never contains the API key).
 */
export type CallErrorCode = 'invalid-input' | 'unknown-command' | 'not-found' | 'conflict' | 'unauthorized' | 'failed'

export class RekapCallError extends Error {
  constructor(
    message: string,
    readonly code: CallErrorCode,
    readonly field: string | null = null,
  ) {
    super(message)
    this.name = 'RekapCallError'
  }
}

/** The error envelope both transports carry: `{ error: { message, code, field } }`. */
export interface CallErrorBody {
  message: string
  code: CallErrorCode
  field: string | null
}

/**
 * Electron's contextBridge keeps only an Error's message, so the preload folds the code into
 * it as a `[code] ` prefix; this turns such a message (or a plain one) back into a RekapCallError.
 */
export function callErrorFromMessage(raw: string): RekapCallError {
  const m = /^(?:Error invoking remote method '[^']*': (?:Error: )?)?\[([a-z-]+)(?::([^\]]*))?\] ([\s\S]*)$/.exec(raw)
  if (!m) return new RekapCallError(raw, 'failed')
  return new RekapCallError(m[3], m[1] as CallErrorCode, m[2] || null)
}
