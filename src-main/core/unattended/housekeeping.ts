import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep, isAbsolute } from 'node:path'
import type { Store, DeletedJobLine, JobAsShown } from '../store'
import { writeJobReport } from '../export/job-report'

/** Where a job keeps files besides the store: the pictures taken out of its workbook, its upload. */
export interface JobFolders {
  /** <data>/pictures: one folder per job */
  picturesDir: string
  /** <data>/uploads: one folder per upload (browser mode) */
  uploadsDir: string
}

export interface DeletionItem {
  jobId: string
  kind: string
  state: string
  inputName: string | null
  /** folders that go with the job (existing ones only) */
  folders: string[]
  bytes: number
  /** the job as it was shown: it is deleted only if still so (HousekeepingRepo.deleteJob) */
  shown: JobAsShown
}

/** Bytes under a path (files only, symbolic links not followed). */
export function sizeOf(path: string): number {
  let st
  try {
    st = statSync(path, { throwIfNoEntry: false })
  } catch {
    return 0
  }
  if (!st) return 0
  if (!st.isDirectory()) return st.size
  let total = 0
  for (const name of readdirSync(path)) total += sizeOf(join(path, name))
  return total
}

function inside(folder: string, file: string): string | null {
  const rel = relative(folder, file)
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null
  return rel.split(sep)[0]
}

/** The job's own folders: its pictures, and its upload unless another job reads the same upload. */
function foldersOf(store: Store, jobId: string, dirs: JobFolders): string[] {
  const job = store.jobs.get(jobId)
  const out: string[] = []
  const pictures = join(dirs.picturesDir, jobId)
  if (existsSync(pictures)) out.push(pictures)
  const upload = job?.inputFile ? inside(dirs.uploadsDir, job.inputFile) : null
  if (upload) {
    const folder = join(dirs.uploadsDir, upload)
    const shared = store.jobs.list().some((j) => j.id !== jobId && j.inputFile !== null && inside(folder, j.inputFile) !== null)
    if (!shared && existsSync(folder)) out.push(folder)
  }
  return out
}

/** What deleting these jobs would remove, shown before anything goes. */
export function planDeletion(store: Store, jobIds: string[], dirs: JobFolders): DeletionItem[] {
  return jobIds.map((id) => {
    const job = store.jobs.get(id)
    const shown = store.housekeeping.asShown(id)
    if (!job || !shown) throw new Error(`no job ${id}`)
    const folders = foldersOf(store, id, dirs)
    return { jobId: id, kind: job.kind, state: job.state, inputName: job.inputName, folders, bytes: folders.reduce((n, f) => n + sizeOf(f), 0), shown }
  })
}

/**
 * Deletes each job after writing its final report once (to `reportDir`, else a temporary folder)
 * so its digest is what the ledger keeps: an auditor who holds that report can still match it to
 * the month. A running job is never deleted (the caller checks the legal actions first), nor one
 * that changed after it was shown (it is left out of the answer).
 */
export async function deleteJobs(
  store: Store,
  items: DeletionItem[],
  o: { now?: number; reportDir?: string; lang?: 'id' | 'en'; timeZone?: string },
): Promise<DeletedJobLine[]> {
  const out: DeletedJobLine[] = []
  const scratch = o.reportDir ?? mkdtempSync(join(tmpdir(), 'rekap-delete-'))
  mkdirSync(scratch, { recursive: true })
  try {
    for (const item of items) {
      const report = await writeJobReport(store, item.jobId, { out: join(scratch, `${item.jobId}.xlsx`), lang: o.lang, timeZone: o.timeZone })
      const line = store.housekeeping.deleteJob(item.jobId, { reportDigest: report.digest ?? null, now: o.now ?? Date.now(), shown: item.shown })
      // changed since it was shown (resumed elsewhere, say): kept, with its folders; not in the answer
      if (!line) continue
      out.push(line)
      for (const folder of item.folders) rmSync(folder, { recursive: true, force: true })
    }
  } finally {
    if (!o.reportDir) rmSync(scratch, { recursive: true, force: true })
  }
  return out
}

/** `90d`, `12w`, `36h` -> milliseconds. */
export function parseAge(text: string): number | null {
  const m = /^\s*(\d+)\s*([dwh])\s*$/i.exec(text)
  if (!m) return null
  const unit = { d: 86_400_000, w: 7 * 86_400_000, h: 3_600_000 }[m[2].toLowerCase() as 'd' | 'w' | 'h']
  return Number(m[1]) * unit
}

/** A job may be deleted unless a live process is running it (an interrupted one may go). */
export function deletable(job: { state: string; interrupted: boolean }): boolean {
  return job.state !== 'running' || job.interrupted
}
