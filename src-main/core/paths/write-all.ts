import { writeSync } from 'node:fs'

/**
 * Writes every byte of `bytes` at the file's current position. One writeSync may write fewer
 * bytes than asked without an error (a disk with a few blocks left): the rest is written on, so
 * the next call meets the full disk and throws ENOSPC instead of a file ending mid-row.
 */
export function writeAll(fd: number, bytes: Uint8Array): void {
  let done = 0
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done)
}
