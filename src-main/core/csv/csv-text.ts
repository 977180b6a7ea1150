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
 * So a field is quoted when it holds any of them (or a quote or line break), or when it starts like a
 * formula; and a formula trigger right after any separator gets a leading `'`, so a reader that
 * splits without honouring quotes still sees no formula. The visible cost is one apostrophe in text
 * such as `a;=b`, which is never a real name, code or address.
 */
const SEPARATOR_THEN_TRIGGER = /([,;\t\r\n])([=+\-@])/g
const NEEDS_QUOTES = /[",;\t\r\n]/
const FORMULA_TRIGGER = /^[=+\-@\t\r]/

export function csvTextField(text: string): string {
  let t = text.replace(SEPARATOR_THEN_TRIGGER, "$1'$2")
  if (FORMULA_TRIGGER.test(t)) t = "'" + t
  return NEEDS_QUOTES.test(t) || t !== t.trim() || t.startsWith("'") ? `"${t.replace(/"/g, '""')}"` : t
}
