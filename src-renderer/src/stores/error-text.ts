import { RekapCallError } from '../api/call-error'

/**
 * What an API failure says to the user: the engine's message, never a stack. A refused field's
 * internal name ("path: …", "baseUrl: …") is the program's word, not the user's: it is left off.
 */
export function errorText(err: unknown): string {
  if (err instanceof RekapCallError && err.field && err.message.startsWith(`${err.field}: `)) return err.message.slice(err.field.length + 2)
  if (err instanceof Error) return err.message
  if (typeof err === 'string') return err
  return String(err)
}
