/**
 * Every app icon from the one source image, resources/icon.svg: `npx tsx scripts/make-icons.ts [outDir]`.
 *   resources/icon.png          1024 px (the window icon, and electron-builder's fallback)
 *   resources/icon.ico          Windows: 16, 24, 32, 48, 64, 128, 256 px
 *   resources/icon.icns         macOS: 16 … 1024 px
 *   resources/icons/NxN.png     Linux: 16 … 512 px (electron-builder's linux.icon folder)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { encodeIcns, encodeIco } from './icon-containers'

export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
const ALL_SIZES = [...new Set([...ICO_SIZES, ...LINUX_SIZES, 1024])].sort((a, b) => a - b)

const RESOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'resources')

export async function makeIcons(outDir = RESOURCES, source = path.join(RESOURCES, 'icon.svg')): Promise<string[]> {
  const svg = await readFile(source)
  const png = new Map<number, Buffer>()
  for (const size of ALL_SIZES) {
    // rendered at the target size from the vector (not scaled down from one bitmap): crisp small sizes
    png.set(size, await sharp(svg, { density: Math.max(72, (72 * size) / 1024) }).resize(size, size).png({ compressionLevel: 9 }).toBuffer())
  }
  await mkdir(path.join(outDir, 'icons'), { recursive: true })
  const written: Array<[string, Buffer]> = [
    ['icon.png', png.get(1024)!],
    ['icon.ico', encodeIco(ICO_SIZES.map((size) => ({ size, png: png.get(size)! })))],
    ['icon.icns', encodeIcns(png)],
    ...LINUX_SIZES.map((s): [string, Buffer] => [path.join('icons', `${s}x${s}.png`), png.get(s)!]),
  ]
  for (const [name, bytes] of written) await writeFile(path.join(outDir, name), bytes)
  return written.map(([name]) => path.join(outDir, name))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await makeIcons(process.argv[2] ? path.resolve(process.argv[2]) : RESOURCES)
  for (const f of files) console.log(f)
}
