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

/**
 * The dev server address is honoured only in an unpacked app (`electron-vite dev`): in an installed
 * app an ELECTRON_RENDERER_URL set by anyone who can touch the environment would otherwise load a
 * foreign page with the preload's full command API.
 */
export function devServerUrl(isPackaged: boolean, env: NodeJS.ProcessEnv): string | undefined {
  return isPackaged ? undefined : env.ELECTRON_RENDERER_URL || undefined
}
