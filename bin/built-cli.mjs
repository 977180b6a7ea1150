// Which build of the `rekap` command may run: out/cli/ (scripts/build-cli.mjs) only while every
// file it was made from is unchanged since the build started. Plain JavaScript on purpose: it runs
// before anything can load TypeScript. One stat per source (a few milliseconds).
import { readFileSync, statSync } from 'node:fs'

/**
 * The URL of the built entry, or null when there is no build, or a source was changed, added to
 * the build's imports or removed after it was made (then the sources must run: never older code).
 */
export function freshBuiltEntry(rootUrl, outDir = 'out/cli') {
  const dir = new URL(`${outDir}/`, rootUrl)
  let manifest
  try {
    manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'))
  } catch {
    return null
  }
  if (typeof manifest.builtAt !== 'number' || !Array.isArray(manifest.inputs) || typeof manifest.entry !== 'string') return null
  for (const input of manifest.inputs) {
    const stat = statSync(new URL(input, rootUrl), { throwIfNoEntry: false })
    if (!stat || stat.mtimeMs > manifest.builtAt) return null
  }
  return new URL(manifest.entry, dir)
}
