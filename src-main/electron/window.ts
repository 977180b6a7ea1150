import { BrowserWindow, type WebContents } from 'electron'
import type { AppLocation } from './app-urls'

/**
 * The one window. Its renderer has no Node, runs sandboxed and context-isolated, cannot open
 * windows, navigate away, attach webviews or get permissions (camera, notifications, ...).
 */
export const WINDOW_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const

export function lockDownContents(contents: WebContents, location: AppLocation): void {
  contents.on('will-navigate', (event, url) => {
    if (!location.isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!location.isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

/** `icon`: resources/icon.png (packaged next to out/ in app.asar); shown by Linux window managers. */
export function createMainWindow(preload: string, location: AppLocation, icon?: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'rekap',
    backgroundColor: '#ffffff',
    ...(icon ? { icon } : {}),
    webPreferences: { ...WINDOW_WEB_PREFERENCES, preload },
  })
  lockDownContents(win.webContents, location)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(location.url)
  return win
}
