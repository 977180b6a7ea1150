import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** What `new Worker(script, { eval })` needs to start a worker thread. */
export interface WorkerLaunch {
  script: URL | string
  /** script is source code, not a file */
  eval?: boolean
}

/**
 * How to start the worker thread whose entry is `<name>.ts` beside `moduleUrl` in the sources and
 * `<name>.js` beside the bundle chunk once built (electron-vite emits each worker as its own entry).
 * From TypeScript sources (vitest, the tsx-run CLI, benches) a worker does not inherit tsx's
 * loader on Node 20, so a two-line bootstrap imports the entry through tsx's tsImport().
 */
export function workerLaunch(name: string, moduleUrl: string): WorkerLaunch {
  if (!/\.[cm]?ts$/.test(new URL(moduleUrl).pathname)) return { script: new URL(`./${name}.js`, moduleUrl) }
  const entry = new URL(`./${name}.ts`, moduleUrl).href
  const bootstrap =
    `import(${JSON.stringify(tsxEsmApiUrl())})` + `.then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(moduleUrl)}))`
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
  if (!relative) throw new Error('tsx/esm/api has no ESM entry; cannot start a TypeScript worker')
  return pathToFileURL(path.join(path.dirname(manifestPath), relative)).href
}
