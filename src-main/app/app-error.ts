import { coreText, renderCoreText, textOfError, type CoreText } from '../core/texts/core-text'

/**
 * The one error type a command handler throws on purpose. What it says is a core text (a code
 * and parameters, words in core/texts/app-{id,en}.ts), so the dispatcher says it in the page's
 * language (toErrorBody); `.message` is its English words, for logs. The dispatcher masks
 * secrets out of every message anyway. The codes mirror the renderer's `CallErrorCode`
 * (src-renderer/src/api/call-error.ts); a unit test keeps them equal, and
 * tests/unit/app-error-texts.test.ts keeps plain English strings from coming back.
 */
export type AppErrorCode = 'invalid-input' | 'unknown-command' | 'not-found' | 'conflict' | 'unauthorized' | 'failed'

export class AppError extends Error {
  /** the words as a core text, said in the page's language; null: words that are already said (rendered) */
  readonly text: CoreText | null
  constructor(
    readonly code: AppErrorCode,
    message: CoreText | string,
    /** the input field at fault, as a dotted path ('mapping.image1'), when there is one */
    readonly field: string | null = null,
  ) {
    super(typeof message === 'string' ? message : renderCoreText(message, 'en'))
    this.text = typeof message === 'string' ? null : message
    this.name = 'AppError'
  }
}

/** What travels to the renderer when a command fails (HTTP body or IPC envelope). */
export interface ErrorBody {
  message: string
  code: AppErrorCode
  field: string | null
}

/** HTTP status for each error code in browser mode. */
export const ERROR_STATUS: Record<AppErrorCode, number> = {
  'invalid-input': 400,
  unauthorized: 401,
  'unknown-command': 404,
  'not-found': 404,
  conflict: 409,
  failed: 500,
}

/**
 * What a refusal from core says, for an AppError: its core text when it has one (said in the
 * page's language), else its words as they are.
 */
export function wordsOf(err: unknown): CoreText | string {
  return textOfError(err) ?? (err instanceof Error ? err.message : String(err))
}

/** `field: why`, with `why` said in the same language as the rest. */
export function fieldText(field: string, err: unknown): CoreText {
  return coreText('app.field', { field, why: wordsOf(err) })
}
