/**
 * The two icon containers desktop installers want, written by hand (both are simple): a Windows
 * .ico and a macOS .icns, each holding PNG images. Pure: PNG bytes in, container bytes out.
 */

export interface SizedPng {
  size: number
  png: Buffer
}

/** .ico: a 6-byte header, a 16-byte entry per image, then the images (PNG inside is valid since Vista). */
export function encodeIco(images: SizedPng[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  const entries: Buffer[] = []
  let offset = 6 + 16 * images.length
  for (const { size, png } of images) {
    if (size > 256) throw new Error(`an .ico image is at most 256 px (got ${size})`)
    const e = Buffer.alloc(16)
    e.writeUInt8(size === 256 ? 0 : size, 0) // 0 means 256
    e.writeUInt8(size === 256 ? 0 : size, 1)
    e.writeUInt8(0, 2) // palette colours
    e.writeUInt8(0, 3) // reserved
    e.writeUInt16LE(1, 4) // colour planes
    e.writeUInt16LE(32, 6) // bits per pixel
    e.writeUInt32LE(png.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += png.length
    entries.push(e)
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)])
}

/** The .icns element type of a PNG of each size (the retina "@2x" types reuse the next size up). */
export const ICNS_TYPES: ReadonlyArray<[type: string, size: number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
]

/** .icns: "icns" + total length, then per image its 4-letter type, its length (with this 8-byte head) and the PNG. */
export function encodeIcns(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const parts: Buffer[] = []
  for (const [type, size] of ICNS_TYPES) {
    const png = pngBySize.get(size)
    if (!png) throw new Error(`.icns: no ${size} px image for ${type}`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    parts.push(head, png)
  }
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}
