import type { BlockedReason } from '../model/job-state'
import { TextError, type CoreText } from '../texts/core-text'

/**
 * Raised by rekap itself (not the service) when the job must stop and wait for the user:
 * the budget or stated balance would be exceeded, the month's quota counted locally is used up.
 */
export class LocalBlock extends TextError {
  constructor(
    readonly reason: BlockedReason,
    text: CoreText,
  ) {
    super(text)
  }
}
