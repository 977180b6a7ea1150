import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { JobKindView, KindView, Lang } from '../../../src-main/contract/ipc'
import { useSettingsStore } from '../stores/settings'

/**
 * The job kinds as the engine describes them (app.info): which are offered, likeliest first, what
 * each row carries, and their words (a kind's name and column words live in its folder,
 * src-main/core/kinds/<kind>/words.ts). The screens read this and never switch on a kind's name.
 */
export function useKinds() {
  const settings = useSettingsStore()
  const { t, te, locale } = useI18n()
  const list = computed<KindView[]>(() => settings.info?.kinds ?? [])
  const of = (kind: JobKindView | string): KindView | null => list.value.find((k) => k.kind === kind) ?? null
  const lang = (): Lang => (locale.value === 'en' ? 'en' : 'id')
  /** the kind's name in the app's language (its raw name until app.info has arrived) */
  const name = (kind: JobKindView | string): string => of(kind)?.words[lang()].name ?? kind
  /** a column's word: the kind's own, else the shared table's (contract/field-words.ts), else the column's name */
  const fieldWord = (kind: JobKindView | null, field: string): string =>
    (kind ? of(kind)?.words[lang()].fields[field] : undefined) ?? (te(`field.${field}`) ? t(`field.${field}`) : field)
  return { list, of, name, fieldWord }
}
