/**
 * The 403 of a premium-only feature, in plain words, for the CLI, the app and the job's row
 * error alike. Nothing is charged for it and nothing is wrong with the data.
 */
export type PremiumFeature = 'school-search' | 'accreditation-filter'

export function premiumRequiredText(feature: PremiumFeature, serviceMessage?: string | null): string {
  const what = feature === 'school-search' ? 'School search' : 'The accreditation filter'
  return (
    `${what} is only for premium accounts, and this key's account is not premium (the service answered 403` +
    `${serviceMessage ? `: "${serviceMessage}"` : ''}). Nothing was charged. Activate the premium package in the service dashboard` +
    (feature === 'accreditation-filter' ? ', or run the job without the accreditation filter.' : ', or look schools up by NPSN or by regency instead.')
  )
}
