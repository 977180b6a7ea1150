/**
 * The one way rekap writes an amount of money, on screens, in the CLI and in messages:
 * whole rupiah, no space after "Rp" (the service's own style): Rp1.200 in Indonesian, Rp1,200 in English.
 */
export type MoneyLang = 'id' | 'en'

const formatters: Record<MoneyLang, Intl.NumberFormat> = {
  id: new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
}

export function formatRp(amount: number, lang: MoneyLang): string {
  const whole = Math.round(amount)
  const sign = whole < 0 ? '-' : ''
  return `${sign}Rp${formatters[lang].format(Math.abs(whole))}`
}
