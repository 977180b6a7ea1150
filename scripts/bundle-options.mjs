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
