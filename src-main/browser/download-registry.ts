/**
 * Files rekap wrote for the user (exports), offered to the browser as one-off-looking links
 * `/download/<random id>`: the page never names a server path, so a link cannot be bent
 * into reading another file.
 */
import { randomBytes } from 'node:crypto'
import type { Downloads } from '../app/app-context'

export interface DownloadEntry {
  file: string
  fileName: string
}

export interface DownloadRegistry extends Downloads {
  lookup(id: string): DownloadEntry | undefined
}

const MAX_ENTRIES = 500

export function createDownloadRegistry(): DownloadRegistry {
  const entries = new Map<string, DownloadEntry>()
  return {
    publish(file, fileName) {
      const id = randomBytes(16).toString('hex')
      entries.set(id, { file, fileName })
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      return `/download/${id}`
    },
    lookup: (id) => (/^[0-9a-f]{32}$/.test(id) ? entries.get(id) : undefined),
  }
}
