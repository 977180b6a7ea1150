import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { MAGIC_HEAD_BYTES } from './magic-bytes'

/** A picture to check: a file on disk, or bytes already in memory (label names it in messages). */
export type ImageInput = { path: string } | { data: Buffer | Uint8Array; label?: string }

/** Files bigger than this are only hashed and sniffed, never held in memory whole. */
export const READ_WHOLE_LIMIT_BYTES = 64 * 1024 * 1024

export type LoadedImage =
  | { ok: true; label: string; bytes: number; head: Uint8Array; sha256: string; data?: Buffer }
  | { ok: false; label: string; code: 'not-found' | 'not-a-file' | 'unreadable'; message: string }

export function inputLabel(input: ImageInput): string {
  return 'path' in input ? input.path : (input.label ?? 'image')
}

/**
 * Reads a picture for checking. `data` is absent only for files too big to be worth loading
 * (they fail the size check anyway; their hash still detects duplicates).
 */
export async function loadImage(input: ImageInput): Promise<LoadedImage> {
  const label = inputLabel(input)
  if (!('path' in input)) {
    const data = Buffer.isBuffer(input.data) ? input.data : Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength)
    return { ok: true, label, bytes: data.length, head: data.subarray(0, MAGIC_HEAD_BYTES), sha256: sha256(data), data }
  }
  try {
    const info = await stat(input.path)
    if (!info.isFile()) {
      return { ok: false, label, code: 'not-a-file', message: `${label}: this is a folder or device, not a picture file` }
    }
    if (info.size > READ_WHOLE_LIMIT_BYTES) {
      return { ok: true, label, bytes: info.size, head: await readHead(input.path), sha256: await sha256OfFile(input.path) }
    }
    const handle = await open(input.path, 'r')
    try {
      const data = await handle.readFile()
      return { ok: true, label, bytes: data.length, head: data.subarray(0, MAGIC_HEAD_BYTES), sha256: sha256(data), data }
    } finally {
      await handle.close()
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { ok: false, label, code: 'not-found', message: `${label}: file not found (check the path and file name in the sheet)` }
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return { ok: false, label, code: 'unreadable', message: `${label}: no permission to read this file` }
    }
    return { ok: false, label, code: 'unreadable', message: `${label}: the file cannot be read (${code ?? (err as Error).message})` }
  }
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(MAGIC_HEAD_BYTES)
    const { bytesRead } = await handle.read(head, 0, MAGIC_HEAD_BYTES, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
