import type { ErrorBody } from './app-error'

/** What an IPC command answers: Electron would otherwise mangle thrown errors into "Error invoking remote method…". */
export type IpcEnvelope = { ok: true; value: unknown } | { ok: false; error: ErrorBody }
