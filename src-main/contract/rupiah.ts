/**
 * The one way rekap writes an amount of money, on screens, in the CLI and in messages:
 * whole rupiah, no space after "Rp" (the service's own style): Rp1.200 in Indonesian, Rp1,200 in English.
 */
export type MoneyLang = 'id' | 'en'

// Made on first use, not when the module loads: the first Intl formatter of a process loads ICU's
// locale data (~27 ms of CPU), and every `rekap` process loads this module, also the ones that never
// write an amount (a usage error, `jobs`, `--help`). Issue 27: the CLI's start cost.
const formatters: Partial<Record<MoneyLang, Intl.NumberFormat>> = {}
const LOCALES: Record<MoneyLang, string> = { id: 'id-ID', en: 'en-US' }

export function formatRp(amount: number, lang: MoneyLang): string {
  const whole = Math.round(amount)
  const sign = whole < 0 ? '-' : ''
  const f = (formatters[lang] ??= new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }))
  return `${sign}Rp${f.format(Math.abs(whole))}`
}
