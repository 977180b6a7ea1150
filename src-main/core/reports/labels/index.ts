import { ID, type ReportLabels } from './id'
import { EN } from './en'

export type ReportLang = 'id' | 'en'
export type { ReportLabels }

/** Indonesian unless English is asked for. */
export function labelsFor(lang: ReportLang | undefined): ReportLabels {
  return lang === 'en' ? EN : ID
}
