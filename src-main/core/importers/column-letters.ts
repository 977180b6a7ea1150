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

/** Excel letters -> 0-based column index ("A" -> 0, "AA" -> 26). */
export function columnIndex(letters: string): number {
  let n = 0
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n - 1
}

/** "B14" -> { row: 14, col: 1 } (row 1-based, col 0-based). */
export function parseCellRef(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref)
  if (!m) return null
  return { row: Number(m[2]), col: columnIndex(m[1]) }
}
