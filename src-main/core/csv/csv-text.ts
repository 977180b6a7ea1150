/**
 * Minimal RFC 4180 reader for the --data-dir files (quoted fields, doubled quotes,
 * commas and newlines inside quotes). Calls `onRow` per record so large files need
 * no intermediate array of lines.
 */
export function parseCsv(text: string, onRow: (fields: string[]) => void): void {
  let field = ''
  let row: string[] = []
  let inQuotes = false
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (inQuotes) {
      if (c === 34 /* " */) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"'
          i += 2
          continue
        }
        inQuotes = false
        i++
        continue
      }
      // copy a run of plain characters at once: much faster than char by char
      const nextQuote = text.indexOf('"', i)
      const end = nextQuote === -1 ? n : nextQuote
      field += text.slice(i, end)
      i = end
      continue
    }
    if (c === 34) {
      inQuotes = true
      i++
    } else if (c === 44 /* , */) {
      row.push(field)
      field = ''
      i++
    } else if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++
      row.push(field)
      onRow(row)
      row = []
      field = ''
      i++
    } else {
      let j = i + 1
      while (j < n) {
        const d = text.charCodeAt(j)
        if (d === 44 || d === 10 || d === 13 || d === 34) break
        j++
      }
      field += text.slice(i, j)
      i = j
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    onRow(row)
  }
}

/**
 * Reads a CSV with a header line; `onRow` gets the fields and a column-name -> index lookup
 * (cheaper than building an object per row, which matters for 215k school rows).
 */
export function readCsvRows(
  text: string,
  onRow: (fields: string[], col: (name: string) => string) => void,
): void {
  let index: Map<string, number> | null = null
  let current: string[] = []
  const col = (name: string): string => current[index!.get(name) ?? -1] ?? ''
  parseCsv(text, (fields) => {
    if (!index) {
      index = new Map(fields.map((h, i) => [h.trim(), i]))
      return
    }
    if (fields.length === 1 && fields[0] === '') return
    current = fields
    onRow(fields, col)
  })
}

/** Reads a whole CSV with a header line into objects keyed by column name. */
export function readCsvRecords(text: string, onRecord: (record: Record<string, string>) => void): void {
  let header: string[] | null = null
  parseCsv(text, (fields) => {
    if (!header) {
      header = fields.map((h) => h.trim())
      return
    }
    if (fields.length === 1 && fields[0] === '') return
    const rec: Record<string, string> = {}
    for (let k = 0; k < header.length; k++) rec[header[k]] = fields[k] ?? ''
    onRecord(rec)
  })
}

/**
 * One text field for a CSV a spreadsheet will open (OWASP "CSV injection"). Excel splits a line on
 * the list separator of the user's locale: `,` in English, `;` in Indonesian, and a tab when pasted.
 * So a field is quoted when it holds any of them (or a quote or line break); and a value that a
 * spreadsheet would evaluate as a formula, at the start or right after any separator, gets a
 * leading `'`, so a reader that splits without honouring quotes still sees no formula.
 * Ordinary values that merely start with a sign stay as they are (issue 23: `'-` in every empty
 * threshold cell, `'-5`, `'+62 812 3456`, `'-Budi` were a stray apostrophe on data): a dash, a
 * signed number or phone number, a signed word.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/
const SEGMENT_AFTER_SEPARATOR = /([,;\t\r\n])([=+\-@][^,;\t\r\n]*)/g
/** `=` and `@` always start a formula (and a leading tab or CR hides one) */
const ALWAYS_FORMULA = /^[=@\t\r]/
/** after a sign: digits with spaces, dots, commas (-5, +62 812 3456, -1.250,5), or letters (-Budi), or nothing (-) */
const SIGNED_DATA = /^[+-](?:[\d\s.,]*|[\p{L}\s.,'’]*)$/u

/** True for a value a spreadsheet would evaluate (=1+1, @SUM(A1), -2+3, +cmd|' /C calc'!A0, -A1). */
export function isRealFormula(text: string): boolean {
  if (ALWAYS_FORMULA.test(text)) return true
  const c = text.charCodeAt(0)
  return (c === 43 /* + */ || c === 45) /* - */ && !SIGNED_DATA.test(text)
}

export function csvTextField(text: string): string {
  let t = text
  if (NEEDS_QUOTES.test(t)) t = t.replace(SEGMENT_AFTER_SEPARATOR, (m, sep: string, seg: string) => (isRealFormula(seg) ? `${sep}'${seg}` : m))
  if (isRealFormula(t)) t = "'" + t
  return NEEDS_QUOTES.test(t) || t !== t.trim() || t.startsWith("'") ? `"${t.replace(/"/g, '""')}"` : t
}

/**
 * A code (NIK, NPSN, hospital or region code) for a CSV: a spreadsheet's default import reads a
 * field of digits as a number, which drops a code's leading zeros and turns a 16-digit NIK into
 * 3578016207910010 (a number keeps 15 digits). Such a code is written with an invisible WORD
 * JOINER (U+2060) in front, which makes Excel and LibreOffice keep it as text, every digit shown;
 * other codes are written as they are. CSV carries no cell types: the README says what is lost.
 */
export const CSV_TEXT_MARK = '\u2060'
const DAMAGED_AS_NUMBER = /^(?:0\d+|\d{16,})$/

export function csvCodeField(code: string): string {
  return csvTextField(DAMAGED_AS_NUMBER.test(code) ? CSV_TEXT_MARK + code : code)
}
