import path from 'node:path'

/**
 * A relative path sent by the browser (a folder upload's "kyc/photos/ktp-01.jpg") or named inside
 * an uploaded .zip, checked so that joined to `root` it stays inside it: no absolute paths, drive
 * letters, `..` steps or control characters. Names are kept as they are otherwise, because the
 * workbook refers to its photos by exactly those names. Null when the path is not acceptable.
 */
export function safeRelativePath(root: string, name: string): string | null {
  const norm = name.replace(/\\/g, '/')
  if (norm.startsWith('/') || /^[A-Za-z]:/.test(norm)) return null
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f]/.test(norm)) return null
  const parts = norm.split('/').filter((p) => p !== '' && p !== '.')
  if (!parts.length || parts.some((p) => p === '..')) return null
  const full = path.resolve(root, ...parts)
  const base = path.resolve(root)
  return full.startsWith(base + path.sep) ? full : null
}

const SPREADSHEET = /\.(xlsx|xlsm|csv)$/i

/** Excel's lock files ("~$kyc.xlsx") and macOS zip debris are never the workbook. */
function isJunk(rel: string): boolean {
  return rel.split('/').some((p) => p === '__MACOSX' || p.startsWith('._') || p.startsWith('~$') || p === '.DS_Store')
}

/**
 * The workbook among an uploaded folder's files (relative paths): the spreadsheet closest to the
 * top, then by name; the others are returned too so the page can offer them.
 */
export function pickWorkbook(relPaths: string[]): { workbook: string | null; others: string[] } {
  const sheets = relPaths
    .map((p) => p.replace(/\\/g, '/'))
    .filter((p) => SPREADSHEET.test(p) && !isJunk(p))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))
  return { workbook: sheets[0] ?? null, others: sheets.slice(1) }
}

export function isJunkPath(rel: string): boolean {
  return isJunk(rel.replace(/\\/g, '/'))
}

/** An entry's place once unpacked, as Windows and macOS compare it: no empty or `.` steps, case and Unicode form folded. */
function placeKey(parts: string[]): string {
  return parts.join('/').normalize('NFC').toLowerCase()
}

/**
 * The first entry (of a .zip's file entries, in order) whose place another already takes: the same
 * name twice (zip readers disagree on which copy wins), names equal but for case, `//` or `./`
 * (the same file on the desk's Windows or macOS), or a path that is a file in one entry and a folder
 * in another. Null when every entry has its own place.
 */
export function clashingEntries(names: string[]): { entry: string; other: string } | null {
  const files = new Map<string, string>()
  const folders = new Map<string, string>()
  for (const entry of names) {
    const parts = entry.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.')
    const key = placeKey(parts)
    const other = files.get(key) ?? folders.get(key)
    if (other !== undefined) return { entry, other }
    for (let i = 1; i < parts.length; i++) {
      const folder = placeKey(parts.slice(0, i))
      const file = files.get(folder)
      if (file !== undefined) return { entry, other: file }
      if (!folders.has(folder)) folders.set(folder, entry)
    }
    files.set(key, entry)
  }
  return null
}
