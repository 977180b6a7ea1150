import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A real small disk: a tmpfs of `kib` KiB mounted on a fresh folder; `fill()` takes the rest of it. */
export interface SmallDisk {
  dir: string
  /** writes a filler file until the disk has no room left */
  fill(): void
  /** removes the filler: room again */
  free(): void
  /** a new size (grows it: the user freed space) */
  resize(kib: number): void
  unmount(): void
}

/**
 * Mounts a tmpfs of `kib` KiB. Needs root (CI runs as root, as it does for the OS packages and
 * PostgreSQL's `runuser`); throws saying why when this machine refuses, so the test fails plainly
 * instead of passing by skipping. Unmount in afterAll / finally.
 */
export function mountSmallDisk(kib: number): SmallDisk {
  if (process.getuid?.() !== 0) throw new Error('a real full disk needs a tmpfs mount, and mount needs root: run these tests as root')
  const dir = mkdtempSync(join(tmpdir(), 'rekap-small-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`mount -t tmpfs was refused: ${(err as Error).message.split('\n')[0]}`)
  }
  const filler = join(dir, 'filler')
  const disk: SmallDisk = {
    dir,
    fill() {
      const block = Buffer.alloc(4096)
      try {
        for (;;) writeFileSync(filler, block, { flag: 'a' })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
      }
    },
    free: () => rmSync(filler, { force: true }),
    resize: (size) => void execFileSync('mount', ['-o', `remount,size=${size}k`, dir], { stdio: 'pipe' }),
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return disk
}
