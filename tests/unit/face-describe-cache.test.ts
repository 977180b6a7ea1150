import { describe, expect, it } from 'vitest'
import type { ImageFaces } from '../../src-main/sandbox/face/compare-faces'
import { cachedDescribe } from '../../src-main/sandbox/face/describe-cache'

/** A describer that counts how often it really ran, and tells photos apart by their first byte. */
function counting(fail = new Set<number>()) {
  const calls: number[] = []
  const describe = async (image: Uint8Array): Promise<ImageFaces> => {
    calls.push(image[0])
    if (fail.has(image[0])) throw new Error('worker crashed')
    return { ok: true, faces: [], width: image[0], height: image.length }
  }
  return { calls, describe }
}
const photo = (id: number, size = 4) => new Uint8Array(size).fill(id)

describe('cachedDescribe', () => {
  it('describes a photo once however often (and however concurrently) it is asked for', async () => {
    const { calls, describe } = counting()
    const cached = cachedDescribe(describe)
    const results = await Promise.all([cached(photo(1)), cached(photo(1)), cached(photo(2))])
    expect(await cached(Buffer.from(photo(1)))).toEqual(results[0])
    expect(calls).toEqual([1, 2])
    expect(results.map((r) => r.ok && r.width)).toEqual([1, 1, 2])
  })

  it('tells photos apart by their whole content, not their size or first bytes', async () => {
    const { calls, describe } = counting()
    const cached = cachedDescribe(describe)
    const a = photo(5, 8)
    const b = photo(5, 8)
    b[7] = 6
    await cached(a)
    await cached(b)
    expect(calls).toEqual([5, 5])
  })

  it('forgets a failure so the next request tries again', async () => {
    const fail = new Set([3])
    const { calls, describe } = counting(fail)
    const cached = cachedDescribe(describe)
    await expect(cached(photo(3))).rejects.toThrow(/crashed/)
    fail.clear()
    await expect(cached(photo(3))).resolves.toMatchObject({ ok: true })
    expect(calls).toEqual([3, 3])
  })

  it('drops the least recently used photo when full', async () => {
    const { calls, describe } = counting()
    const cached = cachedDescribe(describe, 2)
    await cached(photo(1))
    await cached(photo(2))
    await cached(photo(1)) // 1 is now the most recent
    await cached(photo(3)) // evicts 2
    await cached(photo(1))
    await cached(photo(2))
    expect(calls).toEqual([1, 2, 3, 2])
  })
})
