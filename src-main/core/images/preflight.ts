/**
 * Image pre-flight: everything that can be learnt about a KYC picture locally, before a paid call.
 * Problems block sending; warnings are worth showing but the service would accept the file.
 */
import path from 'node:path'
import type Sharp from 'sharp'
import { sharp } from './sharp-lazy'
import { loadImage, type ImageInput } from './image-source'
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './limits'
import { ACCEPTED_KINDS, detectImageKind, KIND_NAMES, type ImageKind } from './magic-bytes'

export type { ImageInput } from './image-source'
export type { ImageKind } from './magic-bytes'
export { makeCompliantJpeg, type CompliantJpegOptions } from './compliant-jpeg'

export type PreflightProblemCode =
  | 'not-found'
  | 'not-a-file'
  | 'unreadable'
  | 'empty'
  | 'wrong-type'
  | 'too-large'
  | 'too-many-pixels'
  | 'undecodable'

export type PreflightWarningCode = 'extension-mismatch' | 'very-small'

export interface PreflightProblem<C extends string = PreflightProblemCode> {
  code: C
  message: string
}

export interface ImagePreflight {
  /** the path, or the label given with in-memory data */
  label: string
  /** true when the file can be sent to the service as it is */
  ok: boolean
  problems: PreflightProblem[]
  warnings: PreflightProblem<PreflightWarningCode>[]
  /** real type by magic bytes; null when the file could not be read */
  type: ImageKind | null
  bytes: number | null
  /** as displayed, i.e. after EXIF rotation; null when unknown */
  width: number | null
  height: number | null
  /** hex sha256 of the file's bytes, for duplicate detection; null when unreadable */
  sha256: string | null
  /** the whole picture decodes (sharp, failing on truncation) */
  decodable: boolean
  /** every problem goes away with makeCompliantJpeg() (e.g. too large, or WebP) */
  fixable: boolean
}

export interface PreflightOptions {
  maxBytes?: number
  maxPixels?: number
}

/** Below this many pixels on the short side a face is unlikely to be found. */
const VERY_SMALL_SIDE = 120
const FIXABLE_CODES = new Set<PreflightProblemCode>(['too-large', 'wrong-type'])
const EXTENSION_KINDS: Record<string, ImageKind> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png' }

export async function preflightImage(input: ImageInput, opts: PreflightOptions = {}): Promise<ImagePreflight> {
  const maxBytes = opts.maxBytes ?? IMAGE_MAX_BYTES
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS
  const loaded = await loadImage(input)
  const result: ImagePreflight = {
    label: loaded.label,
    ok: false,
    problems: [],
    warnings: [],
    type: null,
    bytes: null,
    width: null,
    height: null,
    sha256: null,
    decodable: false,
    fixable: false,
  }
  if (!loaded.ok) {
    result.problems.push({ code: loaded.code, message: loaded.message })
    return result
  }
  const label = loaded.label
  result.bytes = loaded.bytes
  result.sha256 = loaded.sha256
  result.type = detectImageKind(loaded.head)

  if (result.type === 'empty') {
    result.problems.push({ code: 'empty', message: `${label}: the file is empty (0 bytes); it was probably not copied or downloaded completely` })
    return result
  }
  if (!ACCEPTED_KINDS.includes(result.type)) {
    result.problems.push({
      code: 'wrong-type',
      message: `${label}: the file is ${KIND_NAMES[result.type]}, but only JPG and PNG photos are accepted; save or export it as JPG`,
    })
  }
  if (loaded.bytes > maxBytes) {
    result.problems.push({
      code: 'too-large',
      message: `${label}: the file is ${formatMegabytes(loaded.bytes)}, above the ${formatMegabytes(maxBytes)} limit per photo; a smaller copy is needed`,
    })
  }
  if ('path' in input) {
    const expected = EXTENSION_KINDS[path.extname(input.path).toLowerCase()]
    if (expected && ACCEPTED_KINDS.includes(result.type) && expected !== result.type) {
      result.warnings.push({
        code: 'extension-mismatch',
        message: `${label}: named ${path.extname(input.path)} but the content is ${KIND_NAMES[result.type]}; it will be sent as what it really is`,
      })
    }
  }
  if (loaded.data) await inspectPixels(loaded.data, label, maxPixels, result)

  result.ok = result.problems.length === 0
  result.fixable = !result.ok && result.decodable && result.problems.every((p) => FIXABLE_CODES.has(p.code))
  return result
}

/** Pixel size from the header, then a full decode that fails on a truncated or corrupt file. */
async function inspectPixels(data: Buffer, label: string, maxPixels: number, result: ImagePreflight): Promise<void> {
  let meta: Sharp.Metadata
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    // No decoder for this kind (HEIC, PDF, BMP…) or a mangled header: the type message says enough.
    if (ACCEPTED_KINDS.includes(result.type!)) {
      result.problems.push({ code: 'undecodable', message: `${label}: the picture is damaged and cannot be opened` })
    }
    return
  }
  result.width = meta.autoOrient?.width ?? meta.width ?? null
  result.height = meta.autoOrient?.height ?? meta.height ?? null
  const pixels = (meta.width ?? 0) * (meta.height ?? 0)
  if (pixels > maxPixels) {
    result.problems.push({
      code: 'too-many-pixels',
      message: `${label}: the picture is ${meta.width}x${meta.height} (${(pixels / 1e6).toFixed(0)} megapixels), more than the ${(maxPixels / 1e6).toFixed(0)} megapixels that can be processed safely; resize it before use`,
    })
    return
  }
  try {
    // Decoding at reduced size still reads every byte of the compressed data, so truncation shows.
    await sharp(data, { failOn: 'truncated', limitInputPixels: maxPixels })
      .resize({ width: 256, height: 256, fit: 'inside' })
      .raw()
      .toBuffer()
    result.decodable = true
  } catch {
    result.problems.push({
      code: 'undecodable',
      message: `${label}: the picture is damaged or cut off (for example an interrupted download or copy) and cannot be read completely`,
    })
    return
  }
  if (result.width !== null && result.height !== null && Math.min(result.width, result.height) < VERY_SMALL_SIDE) {
    result.warnings.push({
      code: 'very-small',
      message: `${label}: the picture is only ${result.width}x${result.height} pixels; a face this small may not be recognised`,
    })
  }
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
