import { MAX_COLUMNS, MAX_ROWS } from './grid-limits'

/** 0-based column index -> Excel letters (0 -> "A", 26 -> "AA"). */
export function columnLetter(index: number): string {
  let n = index + 1
  let letters = ''
  while (n > 0) {
    const rem = (n - 1) % 26
    letters = String.fromCharCode(65 + rem) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}

/**
 * Excel letters -> 0-based column index ("A" -> 0, "AA" -> 26); -1 for anything beyond XFD (or not
 * letters): at most three letters are read, so the answer never needs a loop over a long input.
 */
export function columnIndex(letters: string): number {
  if (letters.length === 0 || letters.length > 3) return -1
  let n = 0
  for (let i = 0; i < letters.length; i++) {
    const c = letters.charCodeAt(i) & ~0x20 // upper case
    if (c < 65 || c > 90) return -1
    n = n * 26 + (c - 64)
  }
  return n <= MAX_COLUMNS ? n - 1 : -1
}

/** "B14" -> { row: 14, col: 1 } (row 1-based, col 0-based); null when malformed or beyond XFD1048576. */
export function parseCellRef(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?([1-9]\d{0,6})$/.exec(ref)
  if (!m) return null
  const col = columnIndex(m[1])
  const row = Number(m[2])
  return col < 0 || row > MAX_ROWS ? null : { row, col }
}
