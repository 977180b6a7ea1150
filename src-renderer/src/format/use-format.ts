import { useI18n } from 'vue-i18n'
import type { Lang } from '../../../src-main/contract/ipc'
import { useSettingsStore } from '../stores/settings'
import { durationParts, formatDateTime, formatNumber, formatPercent, formatRp, formatScore } from './numbers'

/** The formatters of numbers.ts bound to the language currently shown. */
export function useFormat() {
  const { t, locale } = useI18n()
  const lang = (): Lang => locale.value as Lang
  const settings = useSettingsStore()
  return {
    rp: (n: number) => formatRp(n, lang()),
    num: (n: number, digits = 0) => formatNumber(n, lang(), digits),
    pct: (ratio: number) => formatPercent(ratio, lang()),
    score: (s: number) => formatScore(s, lang()),
    // the zone chosen in Settings, named: the review history says the hour the report says
    dateTime: (ms: number) => formatDateTime(ms, lang(), settings.settings?.timeZone),
    duration(seconds: number): string {
      const p = durationParts(seconds)
      if (p.unit === 'seconds') return t('duration.seconds', { n: p.n })
      if (p.unit === 'minutes') return t('duration.minutes', { m: p.m, s: p.s })
      return t('duration.hours', { h: formatNumber(p.h, lang()), m: p.m })
    },
  }
}
