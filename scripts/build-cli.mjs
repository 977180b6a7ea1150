#!/usr/bin/env node
/**
 * Builds the `rekap` command into out/cli/ (issue 27: the first line within 0.5 s, `--help` under
 * 0.3 s). Run by `npm ci` / `npm install` (the `prepare` script) and by `npm run build`.
 *
 * bin/rekap.mjs runs this build only while it is at least as new as every file it was made from
 * (out/cli/manifest.json lists them with the time the build started); otherwise it runs the
 * TypeScript sources through tsx, as before. So an edit in src-main is never answered by an older
 * build, and a missing build only costs start-up time.
 *
 * One ES module per lazily imported part (esbuild's code splitting), so a command still loads only
 * what it uses; the worker threads are entries of their own (heavy-worker.js, face-worker.js, zip-worker.js beside
 * the chunks, where core/workers/worker-launch.ts looks for them). Packages stay in node_modules.
 *
 *   node scripts/build-cli.mjs [--outdir DIR] [--if-possible]
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLE_OPTIONS } from './bundle-options.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outIndex = process.argv.indexOf('--outdir')
const OUT = path.resolve(ROOT, outIndex > 0 ? process.argv[outIndex + 1] : 'out/cli')

/** Files that shape the build without being bundled sources: a change in one makes the build old too
 * (npm rewrites node_modules/.package-lock.json on every install that changes a package). */
const BUILD_INPUTS = ['package.json', 'node_modules/.package-lock.json', 'tsconfig.json', 'tsconfig.node.json', 'scripts/build-cli.mjs', 'scripts/bundle-options.mjs']


const ENTRIES = {
  rekap: 'src-main/cli/main.ts',
  'heavy-worker': 'src-main/core/workers/heavy-worker.ts',
  'face-worker': 'src-main/sandbox/face/face-worker.ts',
  'zip-worker': 'src-main/core/reports/xlsx/zip-worker.ts',
}

async function loadEsbuild() {
  try {
    return await import('esbuild')
  } catch {
    return null
  }
}

/** `--if-possible` (npm's prepare): a build that cannot be made leaves the sources to run, not a failed install. */
const IF_POSSIBLE = process.argv.includes('--if-possible')

/** Bundles into `next` and writes its manifest (the sources it was made from, and when it started). */
async function buildInto(esbuild, next) {
  mkdirSync(next, { recursive: true })
  // the build's start in the file system's own clock: a source written after it is newer than the build
  const stamp = path.join(next, '.started')
  writeFileSync(stamp, '')
  const builtAt = statSync(stamp).mtimeMs
  rmSync(stamp)
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: next,
    ...BUNDLE_OPTIONS,
    metafile: true,
    logLevel: 'warning',
  })
  const inputs = [...Object.keys(result.metafile.inputs), ...BUILD_INPUTS].sort()
  writeFileSync(path.join(next, 'manifest.json'), JSON.stringify({ builtAt, entry: 'rekap.js', inputs }, null, 1) + '\n')
  return inputs.length
}

async function main() {
  const esbuild = await loadEsbuild()
  const fallback = 'the rekap command runs from the TypeScript sources (slower start)'
  if (!esbuild) {
    // an install without devDependencies: rekap still runs, from the sources
    console.error(`rekap: esbuild is not installed; ${fallback}`)
    if (!IF_POSSIBLE) process.exitCode = 1
    return
  }
  const next = `${OUT}.next-${process.pid}`
  rmSync(next, { recursive: true, force: true })
  try {
    const sources = await buildInto(esbuild, next)
    rmSync(OUT, { recursive: true, force: true })
    renameSync(next, OUT)
    console.error(`rekap: command built into ${path.relative(ROOT, OUT) || OUT} (${sources} sources)`)
  } catch (err) {
    rmSync(next, { recursive: true, force: true })
    if (!IF_POSSIBLE) throw err
    // an older build stays, but it is older than the sources now: bin/rekap.mjs will not run it
    console.error(`rekap: the CLI build failed (${err instanceof Error ? err.message.split('\n')[0] : err}); ${fallback}`)
  }
}

await main()
