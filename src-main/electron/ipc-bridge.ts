import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { COMMAND_NAMES } from '../contract/names'
import type { AppContext } from '../app/app-context'
import { AppError } from '../app/app-error'
import { coreText } from '../core/texts/core-text'
import { appLanguage, dispatch, toErrorBody, type Handlers } from '../app/dispatch'
import type { IpcEnvelope } from '../app/ipc-envelope'

/**
 * One ipcMain.handle per contract command, each through the dispatcher (allowlist + zod).
 * Calls from any frame that is not the app's own page are refused.
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: Handlers,
  ctx: AppContext,
  isAppUrl: (url: string) => boolean,
): void {
  for (const name of COMMAND_NAMES) {
    ipcMain.handle(name, async (event: IpcMainInvokeEvent, input: unknown): Promise<IpcEnvelope> => {
      try {
        const from = event.senderFrame?.url ?? ''
        if (!isAppUrl(from)) throw new AppError('unauthorized', coreText('app.notRekapPage', {}))
        return { ok: true, value: await dispatch(handlers, name, input) }
      } catch (err) {
        const error = toErrorBody(err, ctx.secrets(), appLanguage(ctx), ctx.paths.dbFile)
        if (error.code === 'failed') ctx.core.logger.log('error', `command ${name} failed: ${error.message}`)
        return { ok: false, error }
      }
    })
  }
}

/** Sends every hub event to the window's renderer (the preload lets the page subscribe by name). */
export function forwardEventsTo(ctx: AppContext, target: () => { isDestroyed(): boolean; webContents: { send(channel: string, payload: unknown): void } } | null): () => void {
  return ctx.events.subscribe((event) => {
    const win = target()
    if (win && !win.isDestroyed()) win.webContents.send(event.name, event.payload)
  })
}
