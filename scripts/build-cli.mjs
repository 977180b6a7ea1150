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
 * The command is one CommonJS file (rekap.cjs) that bin/cached-cli.cjs compiles with V8's code cache
 * (written here by a first run, rekap-<hash>-<V8 version>.cache); a lazily imported part still runs
 * only when a command imports it. The worker threads are ES module entries of their own
 * (heavy-worker.js, face-worker.js, zip-worker.js and their chunks, beside rekap.cjs, where
 * core/workers/worker-launch.ts looks for them). Packages stay in node_modules.
 *
 *   node scripts/build-cli.mjs [--outdir DIR] [--if-possible]
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { BUNDLE_OPTIONS, CJS_ENTRY_OPTIONS } from './bundle-options.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outIndex = process.argv.indexOf('--outdir')
const OUT = path.resolve(ROOT, outIndex > 0 ? process.argv[outIndex + 1] : 'out/cli')

/** Files that shape the build without being bundled sources: a change in one makes the build old too
 * (npm rewrites node_modules/.package-lock.json on every install that changes a package). */
const BUILD_INPUTS = ['package.json', 'node_modules/.package-lock.json', 'tsconfig.json', 'tsconfig.node.json', 'scripts/build-cli.mjs', 'scripts/bundle-options.mjs']


/** The command itself: one CommonJS file, compiled with V8's code cache (bin/cached-cli.cjs). */
const CLI_ENTRY = { rekap: 'src-main/cli/main.ts' }

/** The worker threads: ES modules sharing chunks, beside the command's file. */
const WORKER_ENTRIES = {
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
  const common = { absWorkingDir: ROOT, outdir: next, metafile: true, logLevel: 'warning' }
  const [workers, cli] = await Promise.all([
    esbuild.build({ ...common, entryPoints: WORKER_ENTRIES, ...BUNDLE_OPTIONS }),
    esbuild.build({ ...common, entryPoints: CLI_ENTRY, ...CJS_ENTRY_OPTIONS }),
  ])
  const inputs = [...new Set([...Object.keys(workers.metafile.inputs), ...Object.keys(cli.metafile.inputs), ...BUILD_INPUTS])].sort()
  // the code cache's name carries the file's own hash: V8 checks a cache against the source's length
  // only, so a cache can never be taken for a rebuilt file of the same length
  const entryHash = createHash('sha256').update(readFileSync(path.join(next, 'rekap.cjs'))).digest('hex').slice(0, 16)
  writeFileSync(path.join(next, 'manifest.json'), JSON.stringify({ builtAt, entry: 'rekap.cjs', entryHash, inputs }, null, 1) + '\n')
  return inputs.length
}

/**
 * Runs the built command once (`rekap jobs` on a scratch data file), so its code cache is written
 * now rather than by a user's first command; a failure only means the first command writes it.
 */
function warmCodeCache() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rekap-build-'))
  try {
    spawnSync(process.execPath, [path.join(ROOT, 'bin/rekap.mjs'), 'jobs', '--db', path.join(dir, 'rekap.db')], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_DATA_DIR: dir },
      timeout: 60_000,
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
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
    if (OUT === path.resolve(ROOT, 'out/cli')) warmCodeCache()
    console.error(`rekap: command built into ${path.relative(ROOT, OUT) || OUT} (${sources} sources)`)
  } catch (err) {
    rmSync(next, { recursive: true, force: true })
    if (!IF_POSSIBLE) throw err
    // an older build stays, but it is older than the sources now: bin/rekap.mjs will not run it
    console.error(`rekap: the CLI build failed (${err instanceof Error ? err.message.split('\n')[0] : err}); ${fallback}`)
  }
}

await main()
