/**
 * Serves the built renderer (out/renderer) read-only. Paths are resolved inside the folder
 * or refused; unknown paths without an extension get index.html (the app routes itself).
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
}

/** The file to send for a URL path, or null (404). */
export async function resolveStatic(rootDir: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const root = path.resolve(rootDir)
  const candidate = path.resolve(root, '.' + path.posix.normalize('/' + decoded))
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null
  const info = await stat(candidate).catch(() => null)
  if (info?.isFile()) return candidate
  if (info?.isDirectory() || path.extname(decoded) === '') {
    const index = path.join(root, 'index.html')
    return (await stat(index).catch(() => null))?.isFile() ? index : null
  }
  return null
}

export function sendFile(res: ServerResponse, file: string, headers: Record<string, string> = {}): void {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', ...headers })
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res)
}
