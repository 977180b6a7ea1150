import { basename, dirname, join, resolve, sep } from 'node:path'
import type { JobRecord, Store } from '../store'
import { JOB_SETTING_PREFIXES } from '../store/settings-repo'
import { UNPACKED_SUFFIX, WORK_DIR } from './watch-folder'

/** The watched file a job came from: the folder and the file's name there (its claim is proses/<name>.ambil). */
export interface WatchedOrigin {
  dir: string
  name: string
}

/** Where a watcher keeps what it took, by the file's SHA-256 (folder-watcher.ts TakenRecord). */
export const TAKEN_PREFIX = 'watch-file:'
/** a setting the job owns: deleted with it (store/job-removal.ts) */
const originKey = (jobId: string): string => `${JOB_SETTING_PREFIXES.watchedOrigin}${jobId}`

/**
 * Kept in the store's settings beside the watcher's other state (no migration: a store without it
 * reads as before), written when the watcher plans or runs the job, deleted with the job.
 */
export function keepWatchedOrigin(store: Store, jobId: string, dir: string, name: string): void {
  const origin: WatchedOrigin = { dir: resolve(dir), name }
  const kept = store.settings.get<WatchedOrigin>(originKey(jobId))
  if (kept?.dir !== origin.dir || kept.name !== name) store.settings.set(originKey(jobId), origin)
}

/** The watched file a job came from, or null for a job run by hand. */
export function watchedOriginOf(store: Store, job: JobRecord): WatchedOrigin | null {
  const kept = store.settings.get<Partial<WatchedOrigin>>(originKey(job.id))
  if (typeof kept?.dir === 'string' && typeof kept.name === 'string') return { dir: kept.dir, name: kept.name }
  return legacyOrigin(store, job)
}

/**
 * A job a watcher of an earlier rekap took: only its TakenRecord names the file. The folder is where
 * the workbook is read from (it stays in place until settled), or above proses/<name>.isi/ for a .zip.
 */
function legacyOrigin(store: Store, job: JobRecord): WatchedOrigin | null {
  if (!job.inputFile) return null
  // asked for every job listed that could run (a hand job has no record): only records naming its id are read
  const taken = store.settings.withStringUnder(TAKEN_PREFIX, job.id).find(([, v]) => (v as { jobId?: unknown } | null)?.jobId === job.id)
  const name = (taken?.[1] as { name?: unknown } | undefined)?.name
  if (typeof name !== 'string') return null
  if (basename(job.inputFile) === name) return { dir: dirname(job.inputFile), name }
  const unpacked = `${sep}${join(WORK_DIR, name + UNPACKED_SUFFIX)}${sep}`
  const at = job.inputFile.lastIndexOf(unpacked)
  return at > 0 ? { dir: job.inputFile.slice(0, at), name } : null
}
