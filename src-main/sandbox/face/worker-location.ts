import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** What `new Worker(script, { eval })` needs to start a face worker thread. */
export interface WorkerLaunch {
  script: URL | string
  /** script is source code, not a file */
  eval?: boolean
}

/**
 * How to start the face worker thread: the one place to adapt when bundling (electron-vite can emit
 * the worker as its own .js chunk next to the main bundle; compiled code then uses that file as is).
 *
 * From TypeScript sources (vitest, the tsx-run CLI, `tsx bench/...`) the worker is a .ts file. A worker
 * thread does not inherit a loader registered with tsx's register() API, and on Node 20 neither an
 * `--import tsx` execArgv nor register() inside the worker gets the .ts entry transformed; tsx's
 * tsImport() does, so a two-line bootstrap imports the worker through it.
 */
export function faceWorkerLaunch(moduleUrl: string = import.meta.url): WorkerLaunch {
  if (!/\.[cm]?ts$/.test(new URL(moduleUrl).pathname)) {
    return { script: new URL('./face-worker.js', moduleUrl) }
  }
  const entry = new URL('./face-worker.ts', moduleUrl).href
  const tsxApi = tsxEsmApiUrl()
  const bootstrap =
    `import(${JSON.stringify(tsxApi)})` +
    `.then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(moduleUrl)}))`
  return { script: bootstrap, eval: true }
}

/** tsx's ESM api entry (require.resolve would give the CommonJS one, which cannot be import()ed here). */
function tsxEsmApiUrl(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>
  }
  const entry = manifest.exports['./esm/api']
  const relative = typeof entry === 'object' ? entry.import?.default : undefined
  if (!relative) throw new Error('tsx/esm/api has no ESM entry; cannot start the TypeScript face worker')
  return pathToFileURL(path.join(path.dirname(manifestPath), relative)).href
}
