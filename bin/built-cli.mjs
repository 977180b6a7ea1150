// Which build of the `rekap` command may run: out/cli/ (scripts/build-cli.mjs) only while every
// file it was made from is unchanged since the build started. Plain JavaScript on purpose: it runs
// before anything can load TypeScript. One stat per source (~550, a few milliseconds).
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The URL of the built entry, or null when there is no build, or a source was changed, added to
 * the build's imports or removed after it was made (then the sources must run: never older code).
 */
export function freshBuiltEntry(rootUrl, outDir = 'out/cli') {
  const root = fileURLToPath(rootUrl).replace(/[\\/]?$/, '/')
  let manifest
  try {
    manifest = JSON.parse(readFileSync(`${root}${outDir}/manifest.json`, 'utf8'))
  } catch {
    return null
  }
  if (typeof manifest.builtAt !== 'number' || !Array.isArray(manifest.inputs) || typeof manifest.entry !== 'string') return null
  for (const input of manifest.inputs) {
    const stat = statSync(root + input, { throwIfNoEntry: false })
    if (!stat || stat.mtimeMs > manifest.builtAt) return null
  }
  return new URL(`${outDir}/${manifest.entry}`, rootUrl)
}

/** The built entry's hash (its code cache's name), from the build's manifest; null without one. */
export function builtEntryHash(rootUrl, outDir = 'out/cli') {
  try {
    const { entryHash } = JSON.parse(readFileSync(`${fileURLToPath(rootUrl).replace(/[\\/]?$/, '/')}${outDir}/manifest.json`, 'utf8'))
    return typeof entryHash === 'string' && /^[0-9a-f]{16}$/.test(entryHash) ? entryHash : null
  } catch {
    return null
  }
}
