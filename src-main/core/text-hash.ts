import { createHash, type Hash } from 'node:crypto'

const BUFFER_BYTES = 1 << 16
/**
 * The first flush comes after this many bytes, not BUFFER_BYTES: so it has run, and V8 has
 * recorded what it does, before V8 optimises the row loop that adds to the hash (after a few
 * hundred rows). Run first after 64 KB, it threw that optimised code away and V8 compiled it again.
 */
const FIRST_FLUSH_BYTES = 1 << 14

/**
 * SHA-256 of text given a piece at a time: the same digest as hashing the pieces joined, with
 * each piece encoded into one reused 64 KB buffer that is hashed when full. Joining 100,000 rows'
 * pieces into long strings first costs more (they are trees of small strings that live through
 * garbage collections and must be flattened), and a hash call per piece costs more again.
 */
export class TextHash {
  private readonly hash: Hash = createHash('sha256')
  private readonly buf = Buffer.allocUnsafe(BUFFER_BYTES)
  private used = 0
  /** bytes held before the next flush */
  private limit = FIRST_FLUSH_BYTES

  add(text: string): void {
    // at most 3 bytes per UTF-16 unit: room for the worst case, so a character is never cut
    if (text.length * 3 > this.limit - this.used) {
      this.limit = BUFFER_BYTES
      this.flush()
      if (text.length * 3 > BUFFER_BYTES) {
        this.hash.update(text, 'utf8')
        return
      }
    }
    this.used += this.buf.write(text, this.used, 'utf8')
  }

  /** Hex digest of everything added so far; more can be added after. */
  peek(): string {
    this.flush()
    return this.hash.copy().digest('hex')
  }

  /** Hex digest; nothing can be added after. */
  digest(): string {
    this.flush()
    return this.hash.digest('hex')
  }

  private flush(): void {
    if (this.used === 0) return
    this.hash.update(this.buf.subarray(0, this.used))
    this.used = 0
  }
}
