/**
 * The 403 of a premium-only feature, in plain words, for the CLI, the app and the job's row
 * error alike. Nothing is charged for it and nothing is wrong with the data. The words are in
 * core/texts ('premium.required'); each reader says them in its language.
 */
import { coreText, renderCoreText, type CoreText, type CoreTextLang } from '../texts/core-text'

export type PremiumFeature = 'school-search' | 'accreditation-filter'

export function premiumRequired(feature: PremiumFeature, serviceMessage?: string | null): CoreText {
  return coreText('premium.required', { feature, serviceMessage: serviceMessage ?? '' })
}

export function premiumRequiredText(feature: PremiumFeature, serviceMessage?: string | null, lang: CoreTextLang = 'en'): string {
  return renderCoreText(premiumRequired(feature, serviceMessage), lang)
}
