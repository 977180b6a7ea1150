import { coreTextsId, type CoreTextTable } from './id'
import { coreTextsEn } from './en'
import { oneLine } from '../../contract/one-line'

/**
 * A sentence core makes for a person, as data: a code and its parameters (plain JSON, so it
 * crosses worker threads, IPC and `--json`). Whoever shows it renders it in its own language
 * with renderCoreText; the words are in id.ts / en.ts only.
 */
export type CoreCode = keyof CoreTextTable
/** A text parameter may itself be a core text (a reason inside a located message): said in the same language. */
type Nestable<P> = { [K in keyof P]: P[K] extends string ? P[K] | CoreText : P[K] }
type ParamsOf<C extends CoreCode> = Nestable<Parameters<CoreTextTable[C]>[0]>
export type CoreText = { [C in CoreCode]: { code: C; params: ParamsOf<C> } }[CoreCode]
export type CoreTextLang = 'id' | 'en'

export function coreText<C extends CoreCode>(code: C, params: ParamsOf<C>): CoreText {
  return { code, params } as CoreText
}

function isCoreText(v: unknown): v is CoreText {
  const code = (v as { code?: unknown } | null)?.code
  return typeof code === 'string' && code in coreTextsId && typeof (v as { params?: unknown }).params === 'object'
}

/**
 * A parameter is data (a cell, a file or sheet name, the service's words): a line break in it is
 * shown as an escape (oneLine), so it never starts a line of its own; the template's own line
 * breaks stay. A nested core text is rekap's own sentence, its parameters escaped in turn.
 */
export function renderCoreText(text: CoreText, lang: CoreTextLang): string {
  const table: CoreTextTable = lang === 'en' ? coreTextsEn : coreTextsId
  const params: Record<string, unknown> = { ...(text.params as Record<string, unknown>) }
  for (const [k, v] of Object.entries(params)) params[k] = isCoreText(v) ? renderCoreText(v, lang) : oneLineParam(v)
  return (table[text.code] as (p: unknown) => string)(params)
}

/** Strings, and strings inside a parameter's object or list (a location's file and sheet), on one line. */
function oneLineParam(v: unknown): unknown {
  if (typeof v === 'string') return oneLine(v)
  if (Array.isArray(v)) return v.map(oneLineParam)
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && !isCoreText(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, oneLineParam(x)]))
  return v
}

/**
 * An error whose message is a core text: `.message` is the English words (logs, tests, the app
 * today), `.text` the code and parameters for the CLI to say in its language. A plain string
 * (words core has no text for) is kept as the message, with no text.
 */
export class TextError extends Error {
  readonly text: CoreText | null
  constructor(text: CoreText | string) {
    super(typeof text === 'string' ? text : renderCoreText(text, 'en'))
    this.text = typeof text === 'string' ? null : text
  }
}

/** The core text an error carries, if any (errors that crossed a worker thread carry it as a field). */
export function textOfError(err: unknown): CoreText | null {
  const t = (err as { text?: unknown } | null)?.text
  return isCoreText(t) ? t : null
}

/**
 * A state detail as the store keeps it: rekap's own reason as its text (JSON), the service's
 * words as they came. detailText says either in a language.
 */
export function storedText(text: CoreText): string {
  return JSON.stringify(text)
}

/** `lang` may be a function: asked only when the detail is a text (progress snapshots are frequent). */
export function detailText(stored: string | null | undefined, lang: CoreTextLang | (() => CoreTextLang)): string | null {
  if (stored === null || stored === undefined) return null
  if (!stored.startsWith('{"code":')) return stored
  try {
    const text: unknown = JSON.parse(stored)
    return isCoreText(text) ? renderCoreText(text, typeof lang === 'function' ? lang() : lang) : stored
  } catch {
    return stored
  }
}
