import type { Lang } from '../../../src-main/contract/ipc'

export const LANGS: readonly Lang[] = ['id', 'en']

/**
 * The language to show: the user's saved choice, otherwise Indonesian. The OS/browser language
 * is not a choice the user made in rekap (a Jakarta office PC often runs an English Windows), so
 * it does not switch the app; the language menu does, and is remembered.
 */
export function pickLanguage(saved: Lang | null | undefined, _platformLanguage?: string): Lang {
  return saved === 'en' || saved === 'id' ? saved : 'id'
}

/** The BCP 47 locale numbers and dates are formatted with. */
export function localeOf(lang: Lang): string {
  return lang === 'id' ? 'id-ID' : 'en-US'
}
