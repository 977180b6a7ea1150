/**
 * The one entrance for every command, whichever transport brought it: the name must be on
 * the contract's allowlist and the input must pass the command's zod schema before any
 * handler runs. Whatever goes wrong comes back as an ErrorBody whose message is plain words
 * with every secret masked out.
 */
import type { z } from 'zod'
import { commands, COMMAND_NAMES, type CommandName, type CommandOutput } from '../contract/ipc'
import { redactSecrets } from '../core/context'
import { PlanError } from '../core/engine'
import { IllegalTransitionError } from '../core/store'
import { ActionRefusedError } from '../core/engine/action-errors'
import { ImportError } from '../core/importers/import-error'
import { AppError, type ErrorBody } from './app-error'
import { OutputPathError } from '../core/paths/output-path'
import { HeavyWorkError } from '../core/workers/heavy-work'
import { namedDiskFull } from '../core/paths/disk-full'
import { coreText, renderCoreText, textOfError, type CoreTextLang } from '../core/texts/core-text'

export type Handlers = { [N in CommandName]: (input: z.output<(typeof commands)[N]['input']>) => Promise<CommandOutput<N>> }

export function isCommandName(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name)
}

/** 'jobs.start: jobId: not a job id; budgetRp: expected number, received string' */
export function describeIssues(name: string, error: z.ZodError): { message: string; field: string | null } {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : 'input'
    return `${where}: ${issue.message}`
  })
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : ''
  const first = error.issues[0]?.path
  return { message: `${name}: ${parts.join('; ')}${more}`, field: first?.length ? first.map(String).join('.') : null }
}

export async function dispatch(handlers: Handlers, name: string, rawInput: unknown): Promise<unknown> {
  if (typeof name !== 'string' || !isCommandName(name)) {
    throw new AppError('unknown-command', coreText('app.unknownCommand', { name: String(name).slice(0, 80) }))
  }
  const parsed = commands[name].input.safeParse(rawInput === undefined || rawInput === null ? {} : rawInput)
  if (!parsed.success) {
    const { message, field } = describeIssues(name, parsed.error)
    throw new AppError('invalid-input', message, field)
  }
  const handler = handlers[name] as (input: unknown) => Promise<unknown>
  return handler(parsed.data)
}

/**
 * Turns anything thrown into what the renderer may see. A refusal core made as a text (a refused
 * action, a workbook that cannot be read, …) is said in the app's language.
 */
export function toErrorBody(err: unknown, secrets: string[], lang: CoreTextLang = 'en', dataFile: string | null = null): ErrorBody {
  // a full disk is said as such, naming the file (the data file when SQLite's), in the app's language
  err = namedDiskFull(err, dataFile) ?? err
  if (err instanceof AppError) {
    return { code: err.code, message: redactSecrets(err.text ? renderCoreText(err.text, lang) : err.message, secrets), field: err.field }
  }
  const text = textOfError(err)
  const message = redactSecrets(text ? renderCoreText(text, lang) : err instanceof Error ? err.message : String(err), secrets)
  // The engine's own refusals are the user's to fix, not crashes.
  // a workbook that cannot be read is the user's input, refused, not a crash of the server
  if (err instanceof PlanError || err instanceof ImportError) return { code: 'invalid-input', message, field: null }
  if (err instanceof IllegalTransitionError || err instanceof ActionRefusedError) return { code: 'conflict', message, field: null }
  // an export folder that cannot be written is the user's setting to fix (the CLI's exit 2), also from the report thread
  if (err instanceof OutputPathError || (err instanceof HeavyWorkError && err.originalName === 'OutputPathError')) return { code: 'invalid-input', message, field: null }
  return { code: 'failed', message, field: null }
}

/** The app's language for what core says: the one chosen in Settings, else Indonesian (the app starts in it). */
export function appLanguage(ctx: { settings(): { language: 'id' | 'en' | null } }): CoreTextLang {
  try {
    return ctx.settings().language ?? 'id'
  } catch {
    // the error being reported may be the store's own: then the words stay in Indonesian
    return 'id'
  }
}
