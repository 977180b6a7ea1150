/**
 * The service's products as far as money, quotas and rate limits go (spec section 8):
 * each has its own plan, its own limits, and therefore its own token bucket.
 */
export const PRODUCTS = ['face-match', 'hospitals', 'schools', 'regional'] as const
export type Product = (typeof PRODUCTS)[number]

/** Points (1 point = Rp1) charged per successful call; errors are never charged. */
export const PRICE_POINTS: Record<Product, number> = {
  'face-match': 400,
  hospitals: 0,
  schools: 0,
  regional: 0,
}

/** Only face match costs money; the others count hits against plan quotas. */
export function isPaidProduct(product: Product): boolean {
  return PRICE_POINTS[product] > 0
}

/** Calendar month key used for quotas: '2026-11'. Local time, as a user reads their plan. */
export function monthKey(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}
