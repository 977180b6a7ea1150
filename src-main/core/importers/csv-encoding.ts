import { StringDecoder } from 'node:string_decoder'

/**
 * The encodings a CSV comes in, from its first bytes: a byte-order mark (UTF-8, UTF-16 LE or BE),
 * else UTF-8 when those bytes are UTF-8, else Windows-1252: Excel's plain "CSV" on Windows writes the
 * ANSI code page, and read as UTF-8 its "José" became "Jos\uFFFD" in silence. UTF-8 is decoded
 * strictly: bytes that are not UTF-8 further on stop the reading (NotUtf8Error) instead of being lost.
 */

export interface TextDecoderLike {
  write(buf: Buffer): string
  end(): string
}

/** Bytes that are not UTF-8 in a file read as UTF-8; `before` is the text decoded up to them. */
export class NotUtf8Error extends Error {
  override readonly name = 'NotUtf8Error'
  constructor(readonly before: string) {
    super('bytes that are not UTF-8')
  }
}

/** UTF-16 big-endian ("Unicode big-endian" in Notepad): Node decodes only little-endian, so byte pairs are swapped (an odd byte waits for its pair). */
function utf16beDecoder(): TextDecoderLike {
  const le = new StringDecoder('utf16le')
  let odd: Buffer | null = null
  return {
    write(buf) {
      const all = odd ? Buffer.concat([odd, buf]) : buf
      const even = all.length - (all.length % 2)
      odd = even < all.length ? Buffer.from(all.subarray(even)) : null
      return le.write(Buffer.from(all.subarray(0, even)).swap16())
    },
    end: () => le.end(),
  }
}

function strictUtf8Decoder(): TextDecoderLike {
  const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  const decode = (buf?: Buffer): string => {
    try {
      return buf ? fatal.decode(buf, { stream: true }) : fatal.decode()
    } catch {
      const lenient = buf ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(buf) : ''
      throw new NotUtf8Error(lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))))
    }
  }
  return { write: (buf) => decode(buf), end: () => decode() }
}

function windows1252Decoder(): TextDecoderLike {
  const d = new TextDecoder('windows-1252')
  return { write: (buf) => d.decode(buf, { stream: true }), end: () => d.decode() }
}

/** Whether these first bytes are UTF-8 (a character cut at their end counts as UTF-8). */
function isUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf, { stream: true })
    return true
  } catch {
    return false
  }
}

/** The decoder for a file starting with `head`, and how many bytes of it are a byte-order mark. */
export function csvDecoder(head: Buffer): { decoder: TextDecoderLike; offset: number } {
  // a mark says UTF-8, but its first bytes decide as for a file without one (only they were checked)
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { decoder: isUtf8(head.subarray(3)) ? strictUtf8Decoder() : windows1252Decoder(), offset: 3 }
  if (head[0] === 0xff && head[1] === 0xfe) return { decoder: new StringDecoder('utf16le'), offset: 2 }
  if (head[0] === 0xfe && head[1] === 0xff) return { decoder: utf16beDecoder(), offset: 2 }
  return { decoder: isUtf8(head) ? strictUtf8Decoder() : windows1252Decoder(), offset: 0 }
}
