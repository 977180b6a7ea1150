/** Public surface of the service client; the rest of the core imports from here. */
export * from './types'
export {
  createServiceClient,
  DEFAULT_TIMEOUT_MS,
  type AutocompleteQuery,
  type CallOptions,
  type DistrictQuery,
  type FaceMatchImages,
  type RegencyQuery,
  type ServiceClient,
  type ServiceClientOptions,
} from './service-client'
export { ServiceError, isRetryable, SERVICE_ERROR_KINDS, type ServiceErrorKind, type ImageField } from './service-error'
export { paginate, collectAll, DEFAULT_MAX_PAGES, type Page, type PaginateOptions } from './paginate'
export { normaliseSchool, parseCoordinate, parseAccreditation } from './school-normalise'
export { parseRetryAfter, classifyHttpFailure } from './failure-classification'
export { imageContentType, type FaceImage } from './face-match-form'
