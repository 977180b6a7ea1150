/**
 * The plan's duplicate finder (issue 27: a 1,000,000-row plan under 350 MB) gives the same first
 * rows as a Map, for keys of every shape: many, colliding slots, non-ASCII, prefixes of each other.
 */
import { describe, expect, it } from 'vitest'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { FirstRowIndex } from '../../src-main/core/jobs/first-row-index'

function check(keys: string[]): void {
  const index = new FirstRowIndex()
  const map = new Map<string, number>()
  // one comparison at the end: an expect() per key made this test 4 s alone, 30 s on a loaded machine
  const wrong: string[] = []
  keys.forEach((key, i) => {
    const expected = map.get(key)
    if (expected === undefined) map.set(key, i + 1)
    const got = index.firstOrAdd(key, i + 1)
    if (got !== expected && wrong.length < 5) wrong.push(`row ${i + 1} "${key}": ${got} instead of ${expected}`)
  })
  expect(wrong).toEqual([])
  expect(index.size).toBe(map.size)
}

describe('FirstRowIndex', () => {
  it('finds the first row of 300,000 keys, half of them repeated, as a Map does', () => {
    const keys: string[] = []
    for (let i = 0; i < 300_000; i++) keys.push(i % 2 ? `RS${String((i * 7919) % 150_000).padStart(7, '0')}` : String(i * 31))
    check(keys)
  })

  it('tells apart keys that differ in one character, in length, or outside ASCII', () => {
    check(['a', 'ab', 'a', '', 'ba', '', 'Çiğdem', 'Ciğdem', 'Çiğdem', '😀', '😀x', '😀', '3273010101000001', '3273010101000002', '3273010101000001'])
  })

  it('holds Latin-1 keys in one byte a character (200,000 codes in under 8 MB; two bytes a character took 9 MB)', () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage().arrayBuffers
    const index = new FirstRowIndex()
    for (let i = 0; i < 200_000; i++) index.firstOrAdd(`RS${String(i).padStart(7, '0')}`, i + 1)
    gc()
    const held = process.memoryUsage().arrayBuffers - before
    expect(index.firstOrAdd('RS0199999', 1)).toBe(200_000)
    expect(held).toBeLessThan(8 * 1048576)
  })
})
