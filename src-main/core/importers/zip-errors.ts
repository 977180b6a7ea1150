import { coreText, renderCoreText, TextError, type CoreText } from '../texts/core-text'

/**
 * What the zip reader (zip-directory.ts) refuses with. Each reason is a core text (a code and its
 * parameters, words in texts/zip-reason-{id,en}.ts), so a refusal that embeds it (reader-refusal.ts,
 * zip-archive.ts, rekap verify) is said in one language; `.message` keeps the English words for logs.
 */

/** The file is no zip, or its directory is cut off or damaged. */
export class ZipFormatError extends TextError {
  override readonly name = 'ZipFormatError'
  constructor(
    readonly kind: 'not-zip' | 'truncated',
    reason: CoreText,
  ) {
    super(reason)
  }
}

/** A part bigger than its reader allows, or inflating beyond what the directory declares. */
export class ZipSizeError extends TextError {
  override readonly name = 'ZipSizeError'
  constructor(
    readonly part: string,
    reason: CoreText,
  ) {
    super(reason)
  }
}

/**
 * A part that cannot be read: zlib's complaint (said by its code: its words are English), a
 * compression method other than stored/deflate, a damaged local header. Names the part, so the
 * refusal can; `detail` is why, said by the refusal.
 */
export class ZipPartError extends Error {
  override readonly name = 'ZipPartError'
  constructor(
    readonly part: string,
    readonly detail: CoreText,
  ) {
    super(`the part "${part}" is damaged (${renderCoreText(detail, 'en')})`)
  }
}

/** The part inflated past the size its directory entry declares. */
export function inflatesBeyond(part: string, declared: number): ZipSizeError {
  return new ZipSizeError(part, coreText('zipReason.inflatesBeyond', { part, declared }))
}

/** A part larger than its reader takes, refused before it is inflated. */
export function partTooLarge(part: string, max: number): ZipSizeError {
  return new ZipSizeError(part, coreText('zipReason.partTooLarge', { part, max }))
}

/** zlib's failure on a part, by its code (Z_DATA_ERROR, ...). */
export function inflateFailed(part: string, err: unknown): ZipPartError {
  return new ZipPartError(part, coreText('zipReason.inflate', { code: (err as NodeJS.ErrnoException)?.code ?? 'error' }))
}
