import { TextError, type CoreText } from '../texts/core-text'

/** A plan (or an action on a job) refused with the user's words; exit code 2 unless said. */
export class PlanError extends TextError {
  constructor(
    message: string | CoreText,
    readonly exitCode = 2,
  ) {
    super(message)
  }
}
