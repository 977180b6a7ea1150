/**
 * The desktop app's main process: one instance, one locked-down window, the engine, and the
 * IPC handlers. All the work happens in src-main/app (shared with browser mode); this file
 * only connects Electron to it.
 */
import { app, BrowserWindow, dialog, ipcMain, Notification, protocol, safeStorage, session } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appPaths } from '../app/app-paths'
import { CONTENT_SECURITY_POLICY } from '../app/content-security-policy'
import { safeStorageKeyVault, TEAM_PASSWORD_NAMES } from '../app/key-vault'
import { openApp, type OpenApp } from '../app/open-app'
import type { Widening } from '../app/widening'
import { stderrLogger } from '../core/context'
import { renderCoreText, textOfError } from '../core/texts/core-text'
import { appLocation, devServerUrl } from './app-urls'
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, appProtocolHandler } from './app-protocol'
import { forwardEventsTo, registerIpcHandlers } from './ipc-bridge'
import { createMainWindow, lockDownContents } from './window'

const here = path.dirname(fileURLToPath(import.meta.url))
const PRELOAD = path.join(here, '../preload/index.cjs')
/** out/main -> resources/icon.png, in the repository and inside app.asar alike */
const WINDOW_ICON = path.join(here, '../../resources/icon.png')
const RENDERER_DIR = path.join(here, '../renderer')

let opened: OpenApp | null = null
let mainWindow: BrowserWindow | null = null

function denyPermissionsAndSetCsp(): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
  // app:// responses carry it (app-protocol.ts) besides the meta tag; this covers the dev server
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } })
  })
}

/** What the native dialog asks for each widening (both languages: the page's language may be the attacker's choice). */
function wideningQuestion(w: Widening): { button: string; message: string; detail: string } {
  switch (w.kind) {
    case 'key-host':
      return {
        button: 'Kirim kunci / Send the key',
        message: `Kirim kunci API ke ${w.origin}? / Send your API key to ${w.origin}?`,
        detail:
          'Alamat layanan diubah. Kunci API dikirim bersama setiap permintaan; konfirmasi hanya alamat yang Anda percaya.\n' +
          'The service address was changed. The API key goes with every request; confirm only an address you trust.',
      }
    case 'outside-paths':
      return {
        button: 'Izinkan / Allow',
        message: 'Izinkan jalur foto di luar folder buku kerja? / Allow photo paths outside the workbook folder?',
        detail:
          'Buku kerja dari orang lain dapat menunjuk berkas mana pun di komputer ini; berkas itu diunggah (berbayar).\n' +
          "A workbook from someone else can then name any file on this computer; that file is uploaded (and charged).",
      }
    case 'exports-dir':
      return {
        button: 'Simpan di sana / Save there',
        message: `Simpan ekspor ke ${w.dir}? / Save exports to ${w.dir}?`,
        detail: 'Laporan berisi NIK, nama dan hasil. / Reports hold NIKs, names and results.',
      }
  }
}

/** A native dialog (the page cannot answer it for the user) before a setting widens access. */
async function confirmWideningNatively(w: Widening): Promise<boolean> {
  const q = wideningQuestion(w)
  const options = { type: 'warning' as const, buttons: ['Batal / Cancel', q.button], defaultId: 0, cancelId: 0, message: q.message, detail: q.detail }
  const answer = mainWindow && !mainWindow.isDestroyed() ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options)
  return answer.response === 1
}

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

async function start(): Promise<void> {
  protocol.handle(APP_SCHEME, appProtocolHandler(RENDERER_DIR, CONTENT_SECURITY_POLICY))
  const location = appLocation(devServerUrl(app.isPackaged, process.env))
  denyPermissionsAndSetCsp()
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, location))

  let secrets: () => string[] = () => []
  opened = openApp({
    mode: 'electron',
    paths: appPaths(process.env.REKAP_DATA_DIR ? path.resolve(process.env.REKAP_DATA_DIR) : app.getPath('userData')),
    vault: (store) => safeStorageKeyVault(store.settings, safeStorage),
    teamVault: (store) => safeStorageKeyVault(store.settings, safeStorage, process.env, TEAM_PASSWORD_NAMES),
    platformLanguage: app.getLocale(),
    core: { logger: stderrLogger('warn', () => secrets()) },
    confirmWidening: (w) => confirmWideningNatively(w),
  })
  const { ctx, handlers, interrupted } = opened
  secrets = () => ctx.secrets()
  registerIpcHandlers(ipcMain, handlers, ctx, location.isAppUrl)
  forwardEventsTo(ctx, () => mainWindow)
  // job notices as desktop notifications, from the main process (the page is granted no permissions)
  ctx.events.subscribe((e) => {
    if (e.name !== 'job.notice' || !ctx.settings().notifications || !Notification.isSupported()) return
    const n = new Notification({ title: e.payload.title, body: e.payload.body })
    n.on('click', showWindow)
    n.show()
  })

  const openWindow = (): void => {
    mainWindow = createMainWindow(PRELOAD, location, WINDOW_ICON)
    // The page asks for the job list as it loads; this nudge covers a list it fetched a moment too early.
    mainWindow.webContents.once('did-finish-load', () => {
      ctx.events.emit('jobs.changed', {
        reason: interrupted.length ? `${interrupted.length} interrupted job(s) can be resumed` : 'app started',
      })
    })
    mainWindow.on('closed', () => (mainWindow = null))
  }
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

// the app's own scheme must be privileged before the app is ready
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', showWindow)
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Finish what is in flight and close the store before the process goes.
  let quitting = false
  app.on('before-quit', (event) => {
    if (quitting || !opened) return
    quitting = true
    event.preventDefault()
    opened
      .close()
      .catch(() => {})
      .finally(() => app.exit(0))
  })
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      const text = textOfError(err)
      if (text) {
        // rekap's own reason (a data folder that cannot hold the data file): in the app's language,
        // Indonesian while Settings cannot be read, in a dialog the user sees
        const said = renderCoreText(text, 'id')
        process.stderr.write(`rekap: ${said}\n`)
        dialog.showErrorBox('rekap', said)
      } else process.stderr.write(`rekap could not start: ${err instanceof Error ? err.message : String(err)}\n`)
      app.exit(1)
    })
}
