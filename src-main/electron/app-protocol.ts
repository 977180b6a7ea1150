/**
 * The desktop app is loaded from its own scheme, `app://rekap/`, not from `file://` (Electron's
 * security checklist): a file:// page may read other file:// URLs, and its origin is shared by every
 * local file. The handler serves only files of the built renderer folder, after the same path
 * checks as browser mode (decoded, no `..`, real path inside the folder). The
 * grantFileProtocolExtraPrivileges fuse is off in the packaged app (electron-builder.yml).
 */
import { readFile, realpath } from 'node:fs/promises'
import path from 'node:path'
import { isInside } from '../core/paths/inside-folder'

export const APP_SCHEME = 'app'
export const APP_HOST = 'rekap'
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/** registerSchemesAsPrivileged's entry: a standard, secure scheme (before app ready). */
export const APP_SCHEME_PRIVILEGES = { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }

/** Is `url` a page of the app (any path, hash or query of app://rekap/)? */
export function isAppSchemeUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST
  } catch {
    return false
  }
}

/** The file of `rendererDir` an app:// URL names, or null (foreign host, `..`, NUL, bad escapes, outside). */
export async function appFileFor(rendererDir: string, url: string): Promise<string | null> {
  if (!isAppSchemeUrl(url)) return null
  let rel: string
  try {
    rel = decodeURIComponent(new URL(url).pathname)
  } catch {
    return null
  }
  if (rel.includes('\0') || rel.split(/[\\/]/).includes('..')) return null
  const root = path.resolve(rendererDir)
  const file = path.resolve(root, '.' + (rel === '/' ? '/index.html' : rel))
  if (!isInside(root, file)) return null
  try {
    const real = await realpath(file)
    return isInside(await realpath(root), real) ? real : null
  } catch {
    return null
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/** The protocol.handle handler: the file with its type and the CSP, else 404. */
export function appProtocolHandler(rendererDir: string, csp: string): (req: Request) => Promise<Response> {
  return async (req) => {
    const file = await appFileFor(rendererDir, req.url)
    if (!file) return new Response('not found', { status: 404 })
    const body = await readFile(file)
    return new Response(body, {
      headers: { 'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream', 'content-security-policy': csp },
    })
  }
}
