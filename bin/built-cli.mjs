// Which build of the `rekap` command may run: out/cli/ (scripts/build-cli.mjs) only while every
// file it was made from is unchanged since the build started. Plain JavaScript on purpose: it runs
// before anything can load TypeScript. One stat per source (~550, a few milliseconds).
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The built command, read from its manifest once: its file and the hash its code cache is named by
 * (bin/cached-cli.cjs). Null when there is no build, when it is not this build script's kind, or when
 * a source was changed, added to the build's imports or removed after it was made (then the sources
 * must run: never older code).
 */
export function freshBuiltCli(rootUrl, outDir = 'out/cli') {
  const root = fileURLToPath(rootUrl).replace(/[\\/]?$/, '/')
  let manifest
  try {
    manifest = JSON.parse(readFileSync(`${root}${outDir}/manifest.json`, 'utf8'))
  } catch {
    return null
  }
  const { builtAt, inputs, entry, entryHash } = manifest
  if (typeof builtAt !== 'number' || !Array.isArray(inputs) || typeof entry !== 'string' || !/^[0-9a-f]{16}$/.test(entryHash ?? '')) return null
  for (const input of inputs) {
    const stat = statSync(root + input, { throwIfNoEntry: false })
    if (!stat || stat.mtimeMs > builtAt) return null
  }
  return { file: `${root}${outDir}/${entry}`, entryHash }
}
