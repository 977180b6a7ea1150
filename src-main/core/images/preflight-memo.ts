import { preflightImage, type ImagePreflight } from '../images'
import { resolveImageRef, type ImageRefResult } from '../importers'

/** Distinct photos remembered per plan; past this the memo starts over (bounded memory at 1,000,000 rows). */
const MAX_REMEMBERED = 20_000

/**
 * Pre-flight results of the photos one plan has already checked, by path, and the resolution of
 * the image references it has already seen (one plan has one workbook folder and one setting for
 * paths outside it, so a reference always resolves the same way within it). KYC sheets often point
 * many rows at the same file (a shared selfie, a placeholder); decoding and hashing it once instead
 * of once per row is the difference between seconds and minutes at 100,000 rows. Concurrent asks
 * for the same file share one check.
 */
export class PreflightMemo {
  /** photos actually decoded and hashed (the rest were answered from memory) */
  checked = 0
  private readonly seen = new Map<string, Promise<ImagePreflight>>()
  private readonly refs = new Map<string, Promise<ImageRefResult>>()

  constructor(
    private readonly workbookDir: string,
    private readonly allowOutside: boolean,
  ) {}

  resolve(value: Parameters<typeof resolveImageRef>[0]): Promise<ImageRefResult> {
    if (typeof value !== 'string') return resolveImageRef(value, this.workbookDir, { allowOutside: this.allowOutside })
    let r = this.refs.get(value)
    if (!r) {
      if (this.refs.size >= MAX_REMEMBERED) this.refs.clear()
      r = resolveImageRef(value, this.workbookDir, { allowOutside: this.allowOutside })
      this.refs.set(value, r)
    }
    return r
  }

  check(path: string): Promise<ImagePreflight> {
    let p = this.seen.get(path)
    if (!p) {
      if (this.seen.size >= MAX_REMEMBERED) this.seen.clear()
      this.checked++
      p = preflightImage({ path })
      this.seen.set(path, p)
    }
    return p
  }
}
