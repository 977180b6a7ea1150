/**
 * esbuild options of rekap's Node bundles: the CLI (scripts/build-cli.mjs) and the benches that
 * measure the built code (bench/built-report.ts), so both run what a user runs.
 */
export const BUNDLE_OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // native code, wasm, model files and big lazily required packages stay in node_modules; the small
  // pure-JavaScript ones (zod alone is ~95 modules) are bundled: fewer files to resolve and load
  external: ['better-sqlite3', 'sharp', '@vladmandic/face-api', '@tensorflow/*', 'exceljs', 'pg', 'idn-area-data', 'electron'],
  // bundled CommonJS packages require() Node's own modules
  banner: { js: "import { createRequire as __rekapRequire } from 'node:module'; const require = __rekapRequire(import.meta.url);" },
}

/**
 * The command's own entry as one CommonJS file (no splitting): bin/cached-cli.cjs compiles it with
 * V8's code cache, which Node 20 offers for scripts (vm.Script's cachedData) but not for ES modules
 * (issue 27: an ES module build spent ~80-100 ms of each process's start compiling its chunks). A
 * lazily imported part stays lazy: esbuild runs its module code on first import, not at load.
 * `import.meta.url` is the file's own URL, as in the module build (workers and assets beside it).
 */
export const CJS_ENTRY_OPTIONS = {
  ...BUNDLE_OPTIONS,
  splitting: false,
  format: 'cjs',
  banner: { js: "const __rekapImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__rekapImportMetaUrl' },
  outExtension: { '.js': '.cjs' },
}
