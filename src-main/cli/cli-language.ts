import type { CliMessages } from './messages/id'
import { id } from './messages/id'
import { en } from './messages/en'
import { oneLineMessages } from '../contract/one-line'

export type CliLang = 'id' | 'en'
export const CLI_LANGS: readonly CliLang[] = ['id', 'en']

/** 'id', 'id_ID.UTF-8', 'in-ID' -> 'id'; 'en_GB' -> 'en'; anything else (C, POSIX, fr_FR…) -> null. */
export function langOfLocale(locale: string | undefined): CliLang | null {
  const tag = (locale ?? '').trim().toLowerCase()
  if (/^(id|in)([-_.@]|$)/.test(tag)) return 'id'
  if (/^en([-_.@]|$)/.test(tag)) return 'en'
  return null
}

/**
 * The language rekap speaks in: `--lang`, then REKAP_LANG, then the system locale, then Indonesian.
 * Pure so it can be tested; `flag` wins even when it names a language the locale does not.
 */
export function pickCliLanguage(o: { flag?: string; env?: string; systemLocale?: string }): CliLang {
  return langOfLocale(o.flag) ?? langOfLocale(o.env) ?? langOfLocale(o.systemLocale) ?? 'id'
}

/**
 * The system locale: LC_ALL, LC_MESSAGES, LANG (POSIX order of precedence); where none is set
 * (Windows) the one Intl reports. Intl is not asked on POSIX because it says en-US for LANG=C.
 */
export function systemLocale(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const v = env[name]
    if (v) return v
  }
  return platform === 'win32' ? Intl.DateTimeFormat().resolvedOptions().locale : undefined
}

/** `--lang X` or `--lang=X` anywhere on the command line (read before commander parses, for its own errors). */
export function langFlagOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--') break
    if (a === '--lang') return argv[i + 1]
    if (a.startsWith('--lang=')) return a.slice('--lang='.length)
  }
  return undefined
}

let current: CliLang | null = null

/** Set once by main() from the whole command line; later calls of cliLang() return it (null: the environment's again). */
export function setCliLanguage(lang: CliLang | null): void {
  current = lang
}

/** The language of this process: the one main() chose, else the environment's. */
export function cliLang(): CliLang {
  return current ?? pickCliLanguage({ env: process.env.REKAP_LANG, systemLocale: systemLocale() })
}

/**
 * The catalogues as the CLI uses them: a value handed to a message (a file, sheet or job name, a
 * cell, the service's words) has its line breaks shown as escapes, so input never prints a line
 * of its own among rekap's (a fake plan line before "Start it? [y/N]").
 */
const SAFE: Record<CliLang, CliMessages> = { id: oneLineMessages(id, ['help']), en: oneLineMessages(en, ['help']) }

export function messagesFor(lang: CliLang): CliMessages {
  return SAFE[lang]
}

/** The message catalogue of this process's language. */
export function t(): CliMessages {
  return messagesFor(cliLang())
}
