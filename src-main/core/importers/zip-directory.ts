import { createReadStream } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { createInflateRaw, inflateRawSync } from 'node:zlib'
import { coreText } from '../texts/core-text'
import { inflateFailed, inflatesBeyond, partTooLarge, ZipFormatError, ZipPartError, ZipSizeError } from './zip-errors'

export { ZipFormatError, ZipPartError, ZipSizeError } from './zip-errors'

/**
 * A minimal reader of a zip file's central directory, reading single entries by random access.
 * Lets the importer check a workbook before handing it to exceljs (truncated? zip bomb?) and read the
 * small parts exceljs's streaming reader skips (drawings, pictures) without loading the whole file.
 */

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
  encrypted: boolean
}

/** Deflate (8) and stored (0) are what Excel and every zip tool write for a workbook. */
function assertMethod(entry: ZipEntry): void {
  if (entry.method !== 0 && entry.method !== 8) throw new ZipPartError(entry.name, coreText('zipReason.method', { method: entry.method }))
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) {
    throw new ZipPartError(entry.name, coreText('zipReason.storedSizes', {}))
  }
}

const EOCD_SIG = 0x06054b50
const ZIP64_LOCATOR_SIG = 0x07064b50
const ZIP64_EOCD_SIG = 0x06064b50
const CD_SIG = 0x02014b50
const LOCAL_SIG = 0x04034b50
const MAX_COMMENT = 0xffff

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length)
  const { bytesRead } = await fh.read(buf, 0, length, position)
  return buf.subarray(0, bytesRead)
}

/** Where the end-of-central-directory record starts in the file's tail, or -1. */
function findEocd(tail: Buffer): number {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIG) return i
  }
  return -1
}

/** The central directory's entry count, size and offset, from the end record (zip64 when it says so). */
async function readDirectoryBounds(fh: FileHandle, size: number): Promise<{ count: number; cdSize: number; cdOffset: number }> {
  const tailLength = Math.min(size, 22 + MAX_COMMENT + 20)
  const tail = await readAt(fh, size - tailLength, tailLength)
  const eocd = findEocd(tail)
  if (eocd < 0) {
    const head = await readAt(fh, 0, 4)
    if (head.length === 4 && head.readUInt32LE(0) === LOCAL_SIG) {
      throw new ZipFormatError('truncated', coreText('zipReason.directoryMissing', {}))
    }
    throw new ZipFormatError('not-zip', coreText('zipReason.notZip', {}))
  }
  let count = tail.readUInt16LE(eocd + 10)
  let cdSize = tail.readUInt32LE(eocd + 12)
  let cdOffset = tail.readUInt32LE(eocd + 16)
  if (cdOffset === 0xffffffff || count === 0xffff) {
    const loc = eocd - 20
    if (loc >= 0 && tail.readUInt32LE(loc) === ZIP64_LOCATOR_SIG) {
      const z64Offset = Number(tail.readBigUInt64LE(loc + 8))
      const z64 = await readAt(fh, z64Offset, 56)
      if (z64.length < 56 || z64.readUInt32LE(0) !== ZIP64_EOCD_SIG) {
        throw new ZipFormatError('truncated', coreText('zipReason.zip64Damaged', {}))
      }
      count = Number(z64.readBigUInt64LE(32))
      cdSize = Number(z64.readBigUInt64LE(40))
      cdOffset = Number(z64.readBigUInt64LE(48))
    }
  }
  return { count, cdSize, cdOffset }
}

/** Every entry of the central directory, in directory order (duplicates included). */
function parseCentralDirectory(cd: Buffer, count: number, size: number): ZipEntry[] {
  const list: ZipEntry[] = []
  let p = 0
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CD_SIG) {
      throw new ZipFormatError('truncated', coreText('zipReason.directoryDamaged', {}))
    }
    const flags = cd.readUInt16LE(p + 8)
    const method = cd.readUInt16LE(p + 10)
    const nameLen = cd.readUInt16LE(p + 28)
    const extraLen = cd.readUInt16LE(p + 30)
    const commentLen = cd.readUInt16LE(p + 32)
    const name = cd.toString('utf8', p + 46, p + 46 + nameLen)
    const sizes = zip64Sizes(cd, p + 46 + nameLen, extraLen, {
      compressedSize: cd.readUInt32LE(p + 20),
      uncompressedSize: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
    })
    if (sizes.localHeaderOffset + sizes.compressedSize > size) {
      throw new ZipFormatError('truncated', coreText('zipReason.partPastEnd', { part: name }))
    }
    list.push({ name, method, ...sizes, encrypted: (flags & 1) === 1 })
    p += 46 + nameLen + extraLen + commentLen
  }
  return list
}

interface EntrySizes {
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

/** The entry's sizes and offset, widened by its zip64 extra field where the 32-bit ones say so. */
function zip64Sizes(cd: Buffer, extraStart: number, extraLen: number, sizes32: EntrySizes): EntrySizes {
  let { compressedSize, uncompressedSize, localHeaderOffset } = sizes32
  // zip64 extra field: the 64-bit values appear only for the fields set to 0xffffffff
  let e = extraStart
  const extraEnd = e + extraLen
  while (e + 4 <= extraEnd) {
    const id = cd.readUInt16LE(e)
    const len = cd.readUInt16LE(e + 2)
    if (id === 0x0001) {
      let q = e + 4
      if (uncompressedSize === 0xffffffff) (uncompressedSize = Number(cd.readBigUInt64LE(q))), (q += 8)
      if (compressedSize === 0xffffffff) (compressedSize = Number(cd.readBigUInt64LE(q))), (q += 8)
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(cd.readBigUInt64LE(q))
    }
    e += 4 + len
  }
  return { compressedSize, uncompressedSize, localHeaderOffset }
}

export class ZipDirectory {
  private constructor(
    readonly file: string,
    readonly size: number,
    readonly entries: Map<string, ZipEntry>,
    /** every entry in directory order, duplicates included (a reader may pick either copy) */
    readonly list: ZipEntry[] = [...entries.values()],
  ) {}

  static async open(file: string): Promise<ZipDirectory> {
    const fh = await open(file, 'r')
    try {
      const { size } = await fh.stat()
      const { count, cdSize, cdOffset } = await readDirectoryBounds(fh, size)
      if (cdOffset + cdSize > size) {
        throw new ZipFormatError('truncated', coreText('zipReason.directoryPastEnd', {}))
      }
      const cd = await readAt(fh, cdOffset, cdSize)
      const list = parseCentralDirectory(cd, count, size)
      const entries = new Map<string, ZipEntry>()
      for (const entry of list) entries.set(entry.name, entry)
      return new ZipDirectory(file, size, entries, list)
    } finally {
      await fh.close()
    }
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  private async dataOffset(fh: FileHandle, entry: ZipEntry): Promise<number> {
    const local = await readAt(fh, entry.localHeaderOffset, 30)
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIG) {
      throw new ZipPartError(entry.name, coreText('zipReason.localHeaderMissing', {}))
    }
    return entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28)
  }

  /**
   * Reads one whole entry; refuses (rather than inflates) anything larger than maxBytes. Inflation
   * stops at the size the directory declares: a part that would inflate beyond it is refused as a
   * disguised zip bomb (the guard in workbook-guard.ts judged the declared sizes, so they must hold).
   */
  async read(name: string, maxBytes = 64 * 1024 * 1024): Promise<Buffer> {
    const entry = this.entries.get(name)
    if (!entry) throw new Error(`no part "${name}" in the zip`)
    if (entry.uncompressedSize > maxBytes) {
      throw partTooLarge(name, maxBytes)
    }
    const fh = await open(this.file, 'r')
    try {
      const start = await this.dataOffset(fh, entry)
      const raw = await readAt(fh, start, entry.compressedSize)
      assertMethod(entry)
      if (raw.length < entry.compressedSize) throw new ZipPartError(name, coreText('zipReason.dataPastEnd', {}))
      if (entry.method === 0) return raw
      let out: Buffer
      try {
        // one byte of room, so that "exactly the declared size" and "more than declared" differ
        out = inflateRawSync(raw, { maxOutputLength: entry.uncompressedSize + 1 })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw inflatesBeyond(name, entry.uncompressedSize)
        throw inflateFailed(name, err)
      }
      if (out.length > entry.uncompressedSize) throw inflatesBeyond(name, entry.uncompressedSize)
      return out
    } finally {
      await fh.close()
    }
  }

  async readText(name: string, maxBytes?: number): Promise<string> {
    return (await this.read(name, maxBytes)).toString('utf8')
  }

  /** Streams one entry, inflating as it goes (for large parts such as a sheet's XML). */
  async stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name)
    if (!entry) throw new Error(`no part "${name}" in the zip`)
    return this.streamEntry(entry)
  }

  /** Streams one entry of `list` (a duplicate name's other copy too), held to its declared size. */
  async streamEntry(entry: ZipEntry): Promise<Readable> {
    const name = entry.name
    assertMethod(entry)
    if (entry.compressedSize === 0) return Readable.from([])
    const fh = await open(this.file, 'r')
    let start: number
    try {
      start = await this.dataOffset(fh, entry)
    } finally {
      await fh.close()
    }
    const raw = createReadStream(this.file, {
      start,
      end: start + entry.compressedSize - 1,
    })
    if (entry.method === 0) return raw
    const inflate = createInflateRaw()
    raw.on('error', (err) => inflate.destroy(err))
    inflate.on('close', () => raw.destroy())
    // the directory's declared size was checked for zip bombs; hold the data to it
    let inflated = 0
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        inflated += chunk.length
        if (inflated > entry.uncompressedSize) done(inflatesBeyond(name, entry.uncompressedSize))
        else done(null, chunk)
      },
    })
    inflate.on('error', (err) => limit.destroy(err instanceof ZipSizeError ? err : inflateFailed(name, err)))
    limit.on('close', () => inflate.destroy())
    return raw.pipe(inflate).pipe(limit)
  }
}
