import type { JobKind } from './job-kind'
import type { Product } from './products'

/** Which product (plan, price, rate limit) each kind of job spends. */
export const KIND_PRODUCT: Record<JobKind, Product> = {
  'face-match': 'face-match',
  'hospital-lookup': 'hospitals',
  'hospital-directory': 'hospitals',
  'school-lookup': 'schools',
  'school-directory': 'schools',
  regions: 'regional',
}
