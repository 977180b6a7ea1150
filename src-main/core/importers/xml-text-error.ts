/**
 * Text XML does not allow: a character it forbids (a control character such as ESC, or a reference
 * beyond U+10FFFF), or an entity it does not define (`&nbsp;`, a bare `&`), which Excel refuses as
 * damaged. Thrown by the decoder; the reader adds where it stood (part, cell) and refuses.
 */
export class XmlTextError extends Error {
  override readonly name = 'XmlTextError'
  constructor(
    /** the offending reference or character, as written ("&#x110000;", "U+001B", "&nbsp;") */
    readonly what: string,
    /** where it stood: "xl/workbook.xml", "cell B2" */
    readonly where?: string,
    /** a forbidden character, or an entity XML does not define */
    readonly kind: 'character' | 'entity' = 'character',
  ) {
    super(`${where ?? 'the text'} holds ${what}, ${kind === 'entity' ? 'an entity XML does not define' : 'a character XML does not allow'}`)
  }

  /** The same error, saying where (the innermost place wins: a cell beats its part). */
  at(where: string): XmlTextError {
    return this.where ? this : new XmlTextError(this.what, where, this.kind)
  }
}

/** Parses one part; a character XML forbids is refused naming that part. */
export function located<T>(part: string, parse: (xml: string) => T, xml: string): T {
  try {
    return parse(xml)
  } catch (err) {
    throw err instanceof XmlTextError ? err.at(part) : err
  }
}
