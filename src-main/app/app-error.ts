/**
 * The one error type a command handler throws on purpose. Its message is plain words for the
 * screen; the dispatcher masks secrets out of every message anyway. The codes mirror the
 * renderer's `CallErrorCode` (src-renderer/src/api/call-error.ts); a unit test keeps them equal.
 */
export type AppErrorCode = 'invalid-input' | 'unknown-command' | 'not-found' | 'conflict' | 'unauthorized' | 'failed'

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** the input field at fault, as a dotted path ('mapping.image1'), when there is one */
    readonly field: string | null = null,
  ) {
    super(message)
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
