import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * What counts as "the app" for navigation and IPC checks: the built index.html (any hash or
 * query), or the electron-vite dev server's origin during `electron-vite dev`.
 */
export interface AppLocation {
  /** what to load */
  url: string
  isAppUrl(url: string): boolean
}

export function appLocation(rendererIndex: string, devServerUrl?: string): AppLocation {
  if (devServerUrl) {
    const origin = new URL(devServerUrl).origin
    return { url: devServerUrl, isAppUrl: (u) => safeUrl(u)?.origin === origin }
  }
  const indexHref = pathToFileURL(rendererIndex).href
  return {
    url: indexHref,
    isAppUrl: (u) => {
      const parsed = safeUrl(u)
      if (!parsed || parsed.protocol !== 'file:') return false
      return path.resolve(fileURLToPath(parsed)) === path.resolve(rendererIndex)
    },
  }
}

function safeUrl(u: string): URL | null {
  try {
    return new URL(u)
  } catch {
    return null
  }
}
