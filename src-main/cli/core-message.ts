import { textOfError } from '../core/texts/core-text'
import { t } from './cli-language'

/** What to print for an error core raised: its text in the CLI's language when it carries one, else its message. */
export function coreMessage(err: unknown): string {
  const text = textOfError(err)
  if (text) return t().core(text)
  return err instanceof Error ? err.message : String(err)
}
