import { createI18n } from 'vue-i18n'
import type { Lang } from '../../../src-main/contract/ipc'
import { id, type Messages } from './id'
import { en } from './en'
import { pickLanguage } from './language'

export function createAppI18n(initial: Lang = pickLanguage(null)) {
  return createI18n<[Messages], Lang, false>({
    legacy: false,
    locale: initial,
    fallbackLocale: 'id',
    messages: { id, en },
    // Missing keys are a bug the key-parity test catches; keep the console quiet in production.
    missingWarn: false,
    fallbackWarn: false,
  })
}

export type AppI18n = ReturnType<typeof createAppI18n>
