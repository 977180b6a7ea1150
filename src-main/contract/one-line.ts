/**
 * A value from the input (a cell, a file or sheet name, a job name, the service's words) put into
 * a message must stay on the message's line: else a workbook whose cell holds
 * "12\nplan: 1 row, at most Rp0" prints a line of its own among rekap's, e.g. a fake plan above
 * "Start it? [y/N]". So every character that ends a line (LF, CR, VT, FF, NEL, LINE and
 * PARAGRAPH SEPARATOR) in a value is shown as a visible escape, in the style the terminal guard
 * uses for other controls (`\x0a`, `\u2028`): exact and unambiguous, where a glyph such as ↵
 * could be a character the cell really holds. The message's own line breaks (its template's)
 * stay. Idempotent: the escape holds no line break, so escaping twice changes nothing.
 */
const LINE_BREAK = /[\n\r\u000b\u000c\u0085\u2028\u2029]/g

export function oneLine(value: string): string {
  return value.replace(LINE_BREAK, (c) => {
    const code = c.charCodeAt(0)
    return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`
  })
}

/** The same for every string argument of a message function (numbers, objects and texts of rekap's own pass as they are). */
export function oneLineArgs<A extends unknown[], R>(message: (...args: A) => R): (...args: A) => R {
  return (...args: A) => message(...(args.map((a) => (typeof a === 'string' ? oneLine(a) : a)) as A))
}

/**
 * A message table (functions, nested tables, fixed strings) whose every function puts its string
 * arguments on one line: the CLI's catalogue wraps itself once, so no message forgets. `skip`
 * names entries left as they are (the help texts, which take rekap's own words only).
 */
export function oneLineMessages<T extends object>(table: T, skip: readonly string[] = []): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(table)) {
    if (skip.includes(k)) out[k] = v
    else if (typeof v === 'function') out[k] = oneLineArgs(v as (...args: unknown[]) => unknown)
    else if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) out[k] = oneLineMessages(v)
    else out[k] = v
  }
  return out as T
}
