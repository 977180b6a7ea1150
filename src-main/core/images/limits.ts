import { LIMITS } from '../provider/types'

/** The service's per-image limit (5 MB). */
export const IMAGE_MAX_BYTES = LIMITS.faceImageMaxBytes

/**
 * Pictures with more pixels than this are refused before decoding: a small file can declare a
 * gigantic canvas (decompression bomb) and decoding it would exhaust memory. 50 MP is above any
 * normal phone photo (a 48 MP sensor saves 8000x6000) and leaves headroom for the worker pool.
 */
export const IMAGE_MAX_PIXELS = 50_000_000
