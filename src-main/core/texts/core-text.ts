import { coreTextsId, type CoreTextTable } from './id'
import { coreTextsEn } from './en'

/**
 * A sentence core makes for a person, as data: a code and its parameters (plain JSON, so it
 * crosses worker threads, IPC and `--json`). Whoever shows it renders it in its own language
 * with renderCoreText; the words are in id.ts / en.ts only.
 */
export type CoreCode = keyof CoreTextTable
export type CoreText = { [C in CoreCode]: { code: C; params: Parameters<CoreTextTable[C]>[0] } }[CoreCode]
export type CoreTextLang = 'id' | 'en'

export function coreText<C extends CoreCode>(code: C, params: Parameters<CoreTextTable[C]>[0]): CoreText {
  return { code, params } as CoreText
}

export function renderCoreText(text: CoreText, lang: CoreTextLang): string {
  const table: CoreTextTable = lang === 'en' ? coreTextsEn : coreTextsId
  return (table[text.code] as (p: unknown) => string)(text.params)
}

/** An error whose message is a core text: `.message` is the English words (logs, tests), `.text` is for the screen. */
export class TextError extends Error {
  constructor(readonly text: CoreText) {
    super(renderCoreText(text, 'en'))
  }
}

/** The core text an error carries, if any (errors that crossed a worker thread carry it as a field). */
export function textOfError(err: unknown): CoreText | null {
  const t = (err as { text?: unknown } | null)?.text
  return t && typeof t === 'object' && typeof (t as { code?: unknown }).code === 'string' && (t as { code: string }).code in coreTextsId
    ? (t as CoreText)
    : null
}
