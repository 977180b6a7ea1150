import type { Lang } from '../../../src-main/contract/ipc'

export const LANGS: readonly Lang[] = ['id', 'en']

/**
 * The language to show: the saved choice if there is one, otherwise the OS/browser language
 * (Indonesian for any `id`/`in` tag, English for everything else, since only those two exist).
 */
export function pickLanguage(saved: Lang | null | undefined, platformLanguage: string | undefined): Lang {
  if (saved === 'id' || saved === 'en') return saved
  const tag = (platformLanguage ?? '').toLowerCase()
  return tag.startsWith('id') || tag.startsWith('in') ? 'id' : 'en'
}

/** The BCP 47 locale numbers and dates are formatted with. */
export function localeOf(lang: Lang): string {
  return lang === 'id' ? 'id-ID' : 'en-US'
}
