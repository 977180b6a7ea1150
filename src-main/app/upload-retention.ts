/**
 * Uploads (browser mode's copies of the user's workbooks) are deleted after the retention period
 * (Settings, default 30 days), except the input of a job that is not finished yet (it may be
 * resumed, or its photos may sit beside it). Runs when the app opens and then once a day.
 */
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

export const DEFAULT_UPLOAD_RETENTION_DAYS = 30
const DAY_MS = 86_400_000

/** Removes upload folders older than `days`; returns the names removed. `keep` holds paths still needed. */
export function cleanOldUploads(uploadsDir: string, days: number, nowMs: number, keep: (folder: string) => boolean): string[] {
  if (!(days > 0)) return []
  let names: string[]
  try {
    names = readdirSync(uploadsDir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const folder = path.join(uploadsDir, name)
    try {
      const s = statSync(folder)
      if (nowMs - s.mtimeMs < days * DAY_MS || keep(folder)) continue
      rmSync(folder, { recursive: true, force: true })
      removed.push(name)
    } catch {
      // already gone
    }
  }
  return removed
}
