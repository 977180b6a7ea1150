import { createRequire } from 'node:module'
import type Sharp from 'sharp'

let loaded: typeof Sharp | null = null

/**
 * sharp, loaded on its first call. Loading it (libvips, ~100 ms on a busy 2-core machine) is the
 * biggest single cost of a `rekap run` start, and nothing before the job's first line (`job <id>`)
 * decodes a picture (issue 27). Called exactly like sharp itself.
 */
export const sharp = ((...args: Parameters<typeof Sharp>) => {
  loaded ??= createRequire(import.meta.url)('sharp') as typeof Sharp
  return loaded(...args)
}) as typeof Sharp
