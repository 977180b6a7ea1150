import { APP_INDEX_URL, isAppSchemeUrl } from './app-protocol'

/**
 * What counts as "the app" for navigation and IPC checks: a page of app://rekap/ (any hash or
 * query), or the electron-vite dev server's origin during `electron-vite dev`.
 */
export interface AppLocation {
  /** what to load */
  url: string
  isAppUrl(url: string): boolean
}

export function appLocation(devServerUrl?: string): AppLocation {
  if (devServerUrl) {
    const origin = new URL(devServerUrl).origin
    return { url: devServerUrl, isAppUrl: (u) => safeUrl(u)?.origin === origin }
  }
  // the built renderer, served by the app's own scheme (app-protocol.ts), never file://
  return { url: APP_INDEX_URL, isAppUrl: isAppSchemeUrl }
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
