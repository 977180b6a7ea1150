import { createHash } from 'node:crypto'
import type { ImageFaces } from './compare-faces'

export type Describe = (image: Uint8Array) => Promise<ImageFaces>

/** Photos remembered per engine; one entry is a few faces of 128 floats, so ~0.5 KB each. */
export const DESCRIBE_CACHE_ENTRIES = 2048

/**
 * Describes each distinct photo once per engine. In a KYC batch the same selfie or ID photo is often
 * in several pairs; describing it again (~200 ms of CPU, ~450 with SSD alone) would give the very
 * same descriptors, so the result is kept by content hash. A request for a photo already being described waits for that one.
 * Only answers are kept: a failure (a crashed worker) is forgotten so the next request tries again.
 * Least recently used photos are dropped first.
 */
export function cachedDescribe(describe: Describe, maxEntries = DESCRIBE_CACHE_ENTRIES): Describe {
  const known = new Map<string, Promise<ImageFaces>>()
  return (image) => {
    const key = createHash('sha256').update(image).digest('base64')
    const hit = known.get(key)
    if (hit) {
      known.delete(key) // re-insert: Map order is the recency order
      known.set(key, hit)
      return hit
    }
    const result = describe(image)
    known.set(key, result)
    result.catch(() => {
      if (known.get(key) === result) known.delete(key)
    })
    if (known.size > maxEntries) known.delete(known.keys().next().value!)
    return result
  }
}
