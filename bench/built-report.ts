/**
 * The report writer as users run it: bundled like the CLI (scripts/bundle-options.mjs), with the
 * zip thread's own entry beside it. From the TypeScript sources a worker thread loads through tsx
 * on every start (~0.2-0.3 s of CPU on a 2-core machine during a 1.5 s export), which the built
 * app and CLI never pay; benches that time a report import it from here.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
// @ts-expect-error -- a plain .mjs module without types
import { BUNDLE_OPTIONS } from '../scripts/bundle-options.mjs'

const ROOT = resolve(import.meta.dirname, '..')

/**
 * Bundles bench/report-entry.ts and the zip worker into a new folder under out/ (where the
 * packages left out of the bundle resolve from node_modules): the entry's URL, and its removal.
 */
export async function bundleReportWriter(): Promise<{ url: string; remove(): void }> {
  const esbuild = await import('esbuild')
  mkdirSync(join(ROOT, 'out'), { recursive: true })
  const outdir = mkdtempSync(join(ROOT, 'out', 'bench-report-'))
  await esbuild.build({
    ...BUNDLE_OPTIONS,
    absWorkingDir: ROOT,
    entryPoints: { 'report-entry': 'bench/report-entry.ts', 'zip-worker': 'src-main/core/reports/xlsx/zip-worker.ts' },
    outdir,
    logLevel: 'warning',
  })
  return { url: pathToFileURL(join(outdir, 'report-entry.js')).href, remove: () => rmSync(outdir, { recursive: true, force: true }) }
}
