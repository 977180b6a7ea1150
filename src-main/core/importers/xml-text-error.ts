/**
 * Text holding a character XML forbids (a control character such as ESC, or a reference beyond
 * U+10FFFF). Thrown by the decoder; the reader adds where it stood (part, cell) and refuses.
 */
export class XmlTextError extends Error {
  override readonly name = 'XmlTextError'
  constructor(
    /** the offending reference or character, as written ("&#x110000;", "U+001B") */
    readonly what: string,
    /** where it stood: "xl/workbook.xml", "cell B2" */
    readonly where?: string,
  ) {
    super(`${where ?? 'the text'} holds ${what}, a character XML does not allow`)
  }

  /** The same error, saying where (the innermost place wins: a cell beats its part). */
  at(where: string): XmlTextError {
    return this.where ? this : new XmlTextError(this.what, where)
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
