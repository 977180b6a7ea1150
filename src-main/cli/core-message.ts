import { textOfError } from '../core/texts/core-text'
import { oneLine } from '../contract/one-line'
import { t } from './cli-language'
import { CliError } from './exit-codes'

/**
 * What to print for an error core raised: its text in the CLI's language when it carries one,
 * else its message. A message that is not rekap's own composition (a CliError's lines are) is one
 * line: a line break in it came from a value (a file name in a system error, the service's words).
 */
export function coreMessage(err: unknown): string {
  const text = textOfError(err)
  if (text) return t().core(text)
  if (err instanceof CliError) return err.message
  return oneLine(err instanceof Error ? err.message : String(err))
}
