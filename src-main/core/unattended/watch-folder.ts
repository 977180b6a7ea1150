import { createHash } from 'node:crypto'
import { createReadStream, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { claimHolder, claimText } from './claim-owner'

/** Sub-folders of a watched folder: taken files, finished ones (with their reports), refused ones. */
export const WORK_DIR = 'proses'
export const DONE_DIR = 'selesai'
export const FAILED_DIR = 'gagal'
/** Beside a file that waits for a person: why. */
export const WAITING_SUFFIX = '.menunggu.txt'

/** Beside a taken .zip in proses/ (and with it in selesai/ or gagal/ after): what it unpacked to. */
export const UNPACKED_SUFFIX = '.isi'

const TAKEN = /\.(xlsx|xlsm|csv|zip)$/i

/** A workbook (or a .zip of one and its photos) a watcher may take: not hidden, not an Office lock file (~$), not a partial download. */
export function isCandidate(name: string): boolean {
  return TAKEN.test(name) && !name.startsWith('.') && !name.startsWith('~$')
}

interface Seen {
  size: number
  mtimeMs: number
  since: number
}

/**
 * A file is complete when its size and modification time have not changed for `settleMs` (it was
 * seen at least twice that far apart) and no process holds it open for writing. A copy in chunks
 * over several seconds keeps changing, so it is not taken early.
 */
export class FileSettler {
  private readonly seen = new Map<string, Seen>()

  constructor(private readonly settleMs: number) {}

  /** Files seen that are not complete yet (still changing, or not seen long enough). */
  pending(): boolean {
    return this.seen.size > 0
  }

  /** The candidates of `dir` that are complete now. */
  ready(dir: string, now: number): string[] {
    const out: string[] = []
    const present = new Set<string>()
    for (const name of readdirSync(dir)) {
      if (!isCandidate(name) || isClaimed(dir, name)) continue
      // the entry itself, not what a link points to: a link is taken only to be refused (isDroppedLink)
      const st = lstatSync(join(dir, name), { throwIfNoEntry: false })
      if (!st?.isFile() && !st?.isSymbolicLink()) continue
      present.add(name)
      const prev = this.seen.get(name)
      if (!prev || prev.size !== st.size || prev.mtimeMs !== st.mtimeMs) {
        this.seen.set(name, { size: st.size, mtimeMs: st.mtimeMs, since: now })
        continue
      }
      if (now - prev.since >= this.settleMs && !heldForWriting(join(dir, name))) out.push(name)
    }
    for (const name of this.seen.keys()) if (!present.has(name)) this.seen.delete(name)
    return out
  }
}

/**
 * A symbolic link dropped into the folder. Whoever may drop files may not be allowed to read the file
 * it points to (another desk's workbook, rekap's own data): it is refused without being read.
 */
export function isDroppedLink(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false
}

/**
 * Linux: some process has the file open for writing (its /proc/PID/fdinfo flags say O_WRONLY or
 * O_RDWR). Elsewhere (no /proc) only the settle time decides.
 */
export function heldForWriting(file: string): boolean {
  if (!existsSync('/proc/self/fd')) return false
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== file) continue
        const flags = /flags:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))
        if (flags && (parseInt(flags[1], 8) & 3) !== 0) return true
      } catch {
        // the process or descriptor went away meanwhile
      }
    }
  }
  return false
}


const CLAIM_SUFFIX = '.ambil'

/** The claim of a file `name` of the watched folder `dir`. */
export function claimPath(dir: string, name: string): string {
  return join(dir, WORK_DIR, name + CLAIM_SUFFIX)
}

/** A file some watcher has taken (its claim is in proses/). */
export function isClaimed(dir: string, name: string): boolean {
  return existsSync(claimPath(dir, name))
}

/**
 * Takes a complete file: creates its claim in proses/ with O_EXCL, so of two watchers on one
 * folder exactly one takes it. The workbook itself stays where it is until it is settled: photo
 * paths in it are relative to its folder. Returns the file's path, or null if another took it.
 */
export function claim(dir: string, name: string): string | null {
  mkdirSync(join(dir, WORK_DIR), { recursive: true })
  try {
    // who took it, with the process's start time: see claimHolder
    writeFileSync(claimPath(dir, name), claimText(), { flag: 'wx' })
    return join(dir, name)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return null
    throw err
  }
}

/** Moves a taken file to selesai/ or gagal/ (a reason file beside a refused one) and drops its claim. */
export function settle(dir: string, file: string, to: 'done' | 'failed', reason?: string): string {
  const folder = join(dir, to === 'done' ? DONE_DIR : FAILED_DIR)
  mkdirSync(folder, { recursive: true })
  const dest = join(folder, basename(file))
  // the reason first: a refused file is never seen in gagal/ without it
  if (reason !== undefined) writeWhole(`${dest}.alasan.txt`, reason + '\n')
  renameSync(file, dest)
  // a .zip's unpacked workbook and photos go with it (the job's report names that workbook)
  const unpacked = join(dir, WORK_DIR, basename(file) + UNPACKED_SUFFIX)
  if (existsSync(unpacked)) {
    rmSync(dest + UNPACKED_SUFFIX, { recursive: true, force: true })
    renameSync(unpacked, dest + UNPACKED_SUFFIX)
  }
  waiting(dir, file, null)
  rmSync(claimPath(dir, basename(file)), { force: true })
  return dest
}

function notePath(dir: string, file: string): string {
  return join(dir, WORK_DIR, basename(file) + WAITING_SUFFIX)
}

/** Writes (or, with null, removes) the note in proses/ saying why a taken file waits for a person. */
export function waiting(dir: string, file: string, reason: string | null): void {
  if (reason === null) rmSync(notePath(dir, file), { force: true })
  else writeWhole(notePath(dir, file), reason + '\n')
}

/**
 * Writes a note people and programs read as soon as it appears: into a hidden file beside it, then
 * renamed into place, so it is never seen empty or half written (a file written in place exists,
 * empty, before its first write).
 */
function writeWhole(path: string, text: string): void {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  writeFileSync(partial, text)
  renameSync(partial, path)
}

export function isWaiting(dir: string, file: string): boolean {
  return existsSync(notePath(dir, file))
}

/** The claims in proses/: the file each names, and the claim's path. */
export function claimFiles(dir: string): Array<{ name: string; claimFile: string }> {
  const work = join(dir, WORK_DIR)
  if (!existsSync(work)) return []
  return readdirSync(work)
    .filter((n) => n.endsWith(CLAIM_SUFFIX))
    .map((n) => ({ name: n.slice(0, -CLAIM_SUFFIX.length), claimFile: join(work, n) }))
}

/**
 * Files taken earlier whose claim is still there (a watcher restarted after a crash resumes them),
 * except those another watcher took and may still be working on: a live process on this computer
 * (a second watcher started on the folder resumed them too, and one still being planned was
 * planned and run again, every row sent twice), or another computer (foreignClaims: left to it
 * while its heartbeat moves).
 */
export function takenFiles(dir: string): string[] {
  return claimFiles(dir)
    .filter((c) => {
      const h = claimHolder(c.claimFile)
      return h.kind === 'this-process' || (h.kind === 'here' && !h.alive)
    })
    .map((c) => join(dir, c.name))
    .filter((f) => existsSync(f))
}

/** Taken files another computer claimed (or whose claim cannot be read yet), with their claim's stamp. */
export function foreignClaims(dir: string): Array<{ file: string; name: string; claimFile: string; host: string; stamp: string }> {
  const out = []
  for (const c of claimFiles(dir)) {
    const h = claimHolder(c.claimFile)
    if (h.kind === 'elsewhere' && existsSync(join(dir, c.name))) out.push({ ...c, file: join(dir, c.name), host: h.host, stamp: h.stamp })
  }
  return out
}

/** Takes over a stale claim (claimAnew). Null if its heartbeat moved meanwhile or another took it. */
export function takeOver(dir: string, name: string, stamp: string): string | null {
  const path = claimPath(dir, name)
  const h = claimHolder(path)
  if (h.kind !== 'elsewhere' || h.stamp !== stamp) return null
  return claimAnew(dir, name, 'stale')
}

/**
 * A file resumed at start-up: a claim of a process of this computer that died is made this
 * process's (moved aside, claimed anew) so its heartbeat moves again; another computer would take
 * a claim nobody beats over while it runs. Null if another watcher took it first.
 */
export function reclaim(dir: string, name: string): string | null {
  const path = claimPath(dir, name)
  const h = claimHolder(path)
  if (h.kind === 'this-process') return join(dir, name)
  if (h.kind !== 'here' || h.alive) return null
  return claimAnew(dir, name, 'dead')
}

/**
 * Moves a claim aside (a rename: of two watchers doing it, one succeeds) and claims the file anew
 * with O_EXCL. Null if another watcher moved it first.
 */
function claimAnew(dir: string, name: string, why: 'stale' | 'dead'): string | null {
  const path = claimPath(dir, name)
  const aside = `${path}.${process.pid}.${why}`
  try {
    renameSync(path, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  rmSync(aside, { force: true })
  return claim(dir, name)
}

/** SHA-256 of the file's bytes: the same workbook is never taken twice. */
export function fileFingerprint(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256')
    createReadStream(path)
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')))
  })
}
