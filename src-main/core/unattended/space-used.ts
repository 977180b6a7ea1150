import type { Store } from '../store'
import { planDeletion, sizeOf, type DeletionItem, type JobFolders } from './housekeeping'

/** The parts of rekap's data folder a person may want to know the size of. */
export type SpacePart = 'store' | 'uploads' | 'pictures' | 'reports'

export interface SpaceLine {
  part: SpacePart
  path: string
  bytes: number
}

export interface SpacePaths extends JobFolders {
  /** the SQLite file (its -wal and -shm files are counted with it) */
  dbFile: string
  /** where reports are written (the app's exports folder) */
  reportsDir: string
}

/**
 * What rekap keeps on disk, counted the way housekeeping counts what a deletion frees (sizeOf:
 * files only, links not followed), so the Settings figure and the prune preview agree.
 */
export function spaceUsed(p: SpacePaths): SpaceLine[] {
  const store = ['', '-wal', '-shm'].reduce((n, suffix) => n + sizeOf(p.dbFile + suffix), 0)
  return [
    { part: 'store', path: p.dbFile, bytes: store },
    { part: 'uploads', path: p.uploadsDir, bytes: sizeOf(p.uploadsDir) },
    { part: 'pictures', path: p.picturesDir, bytes: sizeOf(p.picturesDir) },
    { part: 'reports', path: p.reportsDir, bytes: sizeOf(p.reportsDir) },
  ]
}

/**
 * What `--prune --older-than` would delete: finished and cancelled jobs and never-started plans not
 * touched since `cutoff` (the store's rule), each with its folders and size. The CLI and the app's
 * Settings both show this list before anything goes.
 */
export function planPrune(store: Store, cutoff: number, dirs: JobFolders): DeletionItem[] {
  return planDeletion(store, store.housekeeping.prunable(cutoff).map((j) => j.id), dirs)
}

