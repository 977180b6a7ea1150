import type { JobKind } from '../../contract/job-kinds'
import type { Product } from '../model/products'

/** Which product (plan, price, rate limit) each kind of job spends. */
export const KIND_PRODUCT: Record<JobKind, Product> = {
  'face-match': 'face-match',
  'hospital-lookup': 'hospitals',
  'hospital-directory': 'hospitals',
  'school-lookup': 'schools',
  'school-directory': 'schools',
  regions: 'regional',
}
