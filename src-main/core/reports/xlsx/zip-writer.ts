import { closeSync, openSync, writeSync } from 'node:fs'
import { writeAll } from '../../paths/write-all'
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib'

/**
 * A zip file written front to back, one entry at a time, with flat memory. Each entry's text is
 * cut into chunks that are deflated independently on libuv's thread pool (each ends with a sync
 * flush, so their concatenation is one valid deflate stream, as pigz does), which lets the next
 * chunk's XML be generated while the previous one compresses (a large report's zip thread deflates
 * its chunks itself: ZipEntryWriter's `deflateHere`). The local header is patched with
 * the CRC and sizes once the entry is complete (no data descriptors: every reader accepts that).
 * No zip64: an entry or file over 4 GB is refused with a message (a sheet is at most 1,048,576 rows).
 */

const CHUNK_BYTES = 1 << 18
/**
 * A chunk is deflated once it holds CHUNK_BYTES less this: room left for the next row, so that
 * a row's text (up to ~5,000 characters) never finds the chunk too full to take it and the one
 * place that ends a chunk is the check after each write.
 */
const FULL_MARGIN = 1 << 14
/**
 * An entry's first chunk is deflated at this size: so ending a chunk has run, and V8 has recorded
 * what it does, before V8 optimises the row loop that writes into it (after a few hundred rows).
 * Run first at 256 KB, it threw that optimised code away and V8 compiled the loop again.
 */
const FIRST_CHUNK_BYTES = 1 << 16
/** compressed chunks in flight before `drain` waits; bounds memory to a few MB */
const MAX_IN_FLIGHT = 4
/**
 * deflate level 1: on a 100,000-row report's 90 MB of sheet XML it needs ~30% less CPU than
 * level 3 for a file ~10% larger (10.5 vs 9.5 MB); CPU is what a shared 2-core machine lacks.
 */
const LEVEL = 1
const ZIP32_MAX = 0xffffffff
/** an empty final block of fixed Huffman codes: ends the deflate stream the chunks began */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/** An entry of the file whose bytes come from elsewhere, already deflated. */
export interface RawEntry {
  readonly name: string
  ended: boolean
  out(buf: Uint8Array): void
  end(crc: number, compressed: number, uncompressed: number): void
}

interface CentralRecord {
  name: Buffer
  crc: number
  compressed: number
  uncompressed: number
  offset: number
}

// chunkSize: the whole output in one piece (zlib's default 16 KB round trips to the thread pool and
// back several times per chunk, each time through the main thread); the bytes are the same
const DEFLATE_OPTIONS = { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH, chunkSize: CHUNK_BYTES }

function deflateChunk(data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => deflateRaw(data, DEFLATE_OPTIONS, (err, out) => (err ? reject(err) : resolve(out))))
}

/** MS-DOS date and time fields of a zip header (local time, 2-second resolution). */
function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  }
}

export class ZipFileWriter {
  private readonly fd: number
  private pos = 0
  private readonly records: CentralRecord[] = []
  private open: ZipEntryWriter | RawEntry | null = null
  private readonly stamp = dosDateTime(new Date())

  constructor(readonly file: string) {
    this.fd = openSync(file, 'w')
  }

  /** Starts an entry; the previous one must have been ended. */
  entry(name: string): ZipEntryWriter {
    const raw = this.rawEntry(name)
    this.open = new ZipEntryWriter(name, raw.out, raw.end)
    return this.open
  }

  /**
   * Starts an entry whose deflated bytes are made elsewhere (the zip thread, ./zip-thread.ts): `out`
   * appends them as they come, `end` patches the local header with their CRC and sizes.
   */
  rawEntry(name: string): RawEntry {
    if (this.open && !this.open.ended) throw new Error(`zip entry ${this.open.name} must be ended before ${name}`)
    const nameBuf = Buffer.from(name, 'utf8')
    const header = Buffer.alloc(30 + nameBuf.length)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4) // version needed: 2.0 (deflate)
    header.writeUInt16LE(0x0800, 6) // UTF-8 names
    header.writeUInt16LE(8, 8) // deflate
    header.writeUInt16LE(this.stamp.time, 10)
    header.writeUInt16LE(this.stamp.date, 12)
    // crc and sizes (14..25) are patched by end()
    header.writeUInt16LE(nameBuf.length, 26)
    nameBuf.copy(header, 30)
    const offset = this.pos
    this.write(header)
    const entry: RawEntry = {
      name,
      ended: false,
      out: (buf) => this.write(buf),
      end: (crc, compressed, uncompressed) => {
        if (compressed > ZIP32_MAX || uncompressed > ZIP32_MAX) throw new Error(`${name} is larger than 4 GB, too large for an xlsx part`)
        const patch = Buffer.alloc(12)
        patch.writeUInt32LE(crc >>> 0, 0)
        patch.writeUInt32LE(compressed, 4)
        patch.writeUInt32LE(uncompressed, 8)
        writeSync(this.fd, patch, 0, 12, offset + 14)
        this.records.push({ name: nameBuf, crc, compressed, uncompressed, offset })
        entry.ended = true
      },
    }
    this.open = entry
    return entry
  }

  /** A whole small entry at once. */
  async add(name: string, text: string): Promise<void> {
    const e = this.entry(name)
    e.write(text)
    await e.end()
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    if (this.open && !this.open.ended) {
      if (!(this.open instanceof ZipEntryWriter)) throw new Error(`zip entry ${this.open.name} was not ended`)
      await this.open.end()
    }
    const start = this.pos
    for (const r of this.records) {
      const h = Buffer.alloc(46 + r.name.length)
      h.writeUInt32LE(0x02014b50, 0)
      h.writeUInt16LE(20, 4) // made by: 2.0, MS-DOS attributes
      h.writeUInt16LE(20, 6)
      h.writeUInt16LE(0x0800, 8)
      h.writeUInt16LE(8, 10)
      h.writeUInt16LE(this.stamp.time, 12)
      h.writeUInt16LE(this.stamp.date, 14)
      h.writeUInt32LE(r.crc >>> 0, 16)
      h.writeUInt32LE(r.compressed, 20)
      h.writeUInt32LE(r.uncompressed, 24)
      h.writeUInt16LE(r.name.length, 28)
      h.writeUInt32LE(r.offset, 42)
      r.name.copy(h, 46)
      this.write(h)
    }
    const size = this.pos - start
    if (this.pos > ZIP32_MAX) throw new Error(`${this.file} would be larger than 4 GB, too large for an xlsx file`)
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(this.records.length, 8)
    end.writeUInt16LE(this.records.length, 10)
    end.writeUInt32LE(size, 12)
    end.writeUInt32LE(start, 16)
    this.write(end)
    closeSync(this.fd)
  }

  /** Closes the file without a directory (the caller removes it). */
  abort(): void {
    try {
      closeSync(this.fd)
    } catch {
      // already closed
    }
  }

  private write(buf: Uint8Array): void {
    writeAll(this.fd, buf)
    this.pos += buf.length
  }
}

export class ZipEntryWriter {
  ended = false
  /**
   * The chunk being filled, as UTF-8 bytes. Text is encoded as it comes (a row at a time) rather
   * than joined into one long string first: such a string is a tree of thousands of small pieces
   * that lives through several garbage collections and must be flattened before encoding, which
   * cost more than the deflate's own share of the main thread.
   */
  private buf = Buffer.allocUnsafe(CHUNK_BYTES)
  private used = 0
  /** the chunk is deflated once `used` reaches this */
  private full = FIRST_CHUNK_BYTES
  /**
   * The CRC so far as a signed 32-bit integer (`| 0`), given out unsigned: crc32 gives it unsigned,
   * past 2^31 half the time, and V8 then changed the writer's field from a small integer to a
   * double under code already compiled for it (its map deprecated: the zip thread's first compile
   * of its row loop, which inlines `write`, was thrown away)
   */
  private crc = 0
  private compressed = 0
  private uncompressed = 0
  private readonly inFlight: Promise<Buffer>[] = []
  /**
   * Chunk buffers whose deflate has finished, filled again: a new 256 KB buffer per chunk was
   * faulted in page by page as it filled and given back to the system when freed (perf, a
   * 100,000-row regions export: the zip thread's page faults 83/65 -> 30/26 samples at ~2 kHz
   * with this and the zip thread's other two buffers reused or trimmed).
   */
  private readonly spare: Array<Buffer<ArrayBuffer>> = []

  /**
   * `deflateHere`: each chunk is deflated on this thread as it fills, not on libuv's pool. The zip
   * thread does (./zip-worker.ts): its deflates on the pool were a third busy thread on two cores
   * and cost more CPU than on the thread that had just written the chunk (face, regions, school
   * directory, hospital lookup at 100,000 rows: 2-11% less CPU in all, docs/performance.md stop 51).
   * The report's own thread keeps the pool: it must not stop to compress. The bytes are the same.
   */
  constructor(
    readonly name: string,
    private readonly out: (buf: Uint8Array) => void,
    private readonly onEnd: (crc: number, compressed: number, uncompressed: number) => void,
    private readonly deflateHere = false,
  ) {}

  /** Appends text (UTF-8); compression starts once a chunk is full. */
  write(text: string): void {
    // at most 3 bytes per UTF-16 unit: room for the worst case, so the text is never cut
    if (text.length * 3 > this.buf.length - this.used) {
      this.dispatch()
      if (text.length * 3 > this.buf.length) {
        this.compress(Buffer.from(text, 'utf8'))
        return
      }
    }
    this.used += this.buf.write(text, this.used, 'utf8')
    if (this.used >= this.full) {
      this.full = CHUNK_BYTES - FULL_MARGIN
      this.dispatch()
    }
  }

  /** True when enough chunks are compressing that the writer should `await drain()`. */
  get busy(): boolean {
    return this.inFlight.length >= MAX_IN_FLIGHT
  }

  /** Writes finished chunks, in order, until at most `keep` are still compressing. */
  async drain(keep = MAX_IN_FLIGHT - 1): Promise<void> {
    while (this.inFlight.length > keep) {
      const buf = await this.inFlight.shift()!
      this.out(buf)
      this.compressed += buf.length
    }
  }

  async end(): Promise<void> {
    if (this.ended) return
    this.dispatch()
    await this.drain(0)
    this.out(FINAL_BLOCK)
    this.compressed += FINAL_BLOCK.length
    this.ended = true
    this.onEnd(this.crc >>> 0, this.compressed, this.uncompressed)
  }

  private dispatch(): void {
    if (this.used === 0) return
    const chunk = this.buf
    // the deflate reads the chunk on the thread pool: the next one goes into another buffer
    this.buf = this.spare.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES)
    this.compress(chunk.subarray(0, this.used), chunk)
    this.used = 0
  }

  /** `chunk`: the buffer `data` is in, free again once it is deflated */
  private compress(data: Buffer, chunk?: Buffer<ArrayBuffer>): void {
    this.crc = crc32(data, this.crc >>> 0) | 0
    this.uncompressed += data.length
    if (this.deflateHere) {
      // in order with the chunks before it: drain() writes them as they come out of inFlight
      this.inFlight.push(Promise.resolve(deflateRawSync(data, DEFLATE_OPTIONS)))
      if (chunk) this.spare.push(chunk)
      return
    }
    const p = chunk ? deflateChunk(data).then((out) => (this.spare.push(chunk), out)) : deflateChunk(data)
    p.catch(() => {}) // awaited in order by drain(); this only keeps Node from calling it unhandled meanwhile
    this.inFlight.push(p)
  }
}
