/**
 * The first row of each unit key seen while a plan imports its rows (later rows with the same key
 * are duplicates of it). Kept in typed arrays outside the JS heap: a Map of 1,000,000 distinct
 * keys held ~60 MB of small heap objects, and V8 let the heap grow by ~160 MB of garbage around
 * them (a 1,000,000-row plan peaked at ~450 MB instead of ~280 MB without it). Exact: keys are
 * compared character by character, the hash only finds where to look. The report pivots use it as
 * the set of records already counted, for the same reason.
 */
export class FirstRowIndex {
  /** open addressing: entry number + 1 per slot, 0 for an empty slot; length a power of two */
  private slots = new Int32Array(1 << 12)
  private hashes = new Uint32Array(1 << 11)
  private rows = new Int32Array(1 << 11)
  /** where each key's characters start in `chars` (the next key's start is where it ends) */
  private starts = new Uint32Array((1 << 11) + 1)
  /** one byte a character while every key is Latin-1 (codes, NIKs: half the memory), two after */
  private chars: Uint8Array | Uint16Array = new Uint8Array(1 << 14)
  private count = 0

  get size(): number {
    return this.count
  }

  /** The first row of `key` if it was seen; otherwise `rowNo` is recorded as its first row and undefined returned. */
  firstOrAdd(key: string, rowNo: number): number | undefined {
    const hash = hashOf(key)
    const mask = this.slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] - 1
      if (entry < 0) {
        this.add(slot, key, hash, rowNo)
        return undefined
      }
      if (this.hashes[entry] === hash && this.sameKey(entry, key)) return this.rows[entry]
    }
  }

  private sameKey(entry: number, key: string): boolean {
    const start = this.starts[entry]
    if (this.starts[entry + 1] - start !== key.length) return false
    for (let i = 0; i < key.length; i++) if (this.chars[start + i] !== key.charCodeAt(i)) return false
    return true
  }

  private add(slot: number, key: string, hash: number, rowNo: number): void {
    const entry = this.count
    if (entry + 1 >= this.hashes.length) this.growEntries()
    const start = this.starts[entry]
    if (start + key.length > this.chars.length) this.chars = grown(this.chars, start + key.length)
    if (this.chars instanceof Uint8Array && !isLatin1(key)) this.chars = Uint16Array.from(this.chars)
    for (let i = 0; i < key.length; i++) this.chars[start + i] = key.charCodeAt(i)
    this.starts[entry + 1] = start + key.length
    this.hashes[entry] = hash
    this.rows[entry] = rowNo
    this.slots[slot] = entry + 1
    this.count++
    // at most half full, so a probe ends soon
    if (this.count * 2 > this.slots.length) this.rehash()
  }

  private growEntries(): void {
    const n = this.hashes.length * 2
    this.hashes = grown(this.hashes, n)
    this.rows = grown(this.rows, n)
    this.starts = grown(this.starts, n + 1)
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2)
    const mask = slots.length - 1
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.hashes[entry] & mask
      while (slots[slot] !== 0) slot = (slot + 1) & mask
      slots[slot] = entry + 1
    }
    this.slots = slots
  }
}

function isLatin1(key: string): boolean {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0xff) return false
  return true
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

function grown<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, atLeast: number): T {
  let n = a.length * 2
  while (n < atLeast) n *= 2
  const b = new (a.constructor as new (n: number) => T)(n)
  b.set(a)
  return b
}
