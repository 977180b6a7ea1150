/**
 * Which spans of a text hold none of a pattern's characters, asked in increasing order. The zip
 * thread (./zip-worker.ts) asks it of each row's texts within its batch's joined text: a row
 * without a character to escape is written without testing each of its cells for one (the tests of
 * every text cell for XML and for JSON were ~5% of that thread's CPU). The text is searched only
 * from one such character to the next, so a whole batch costs one pass over it.
 */
export class PlainSpans {
  /** index of the first special character at or after the last search's start; the text's length when none */
  private next = -1

  /** `special`: a global pattern of the characters that make a text not plain */
  constructor(
    private readonly text: string,
    private readonly special: RegExp,
  ) {}

  /** True when text[start, end) holds no special character; `start` never less than the last call's. */
  plain(start: number, end: number): boolean {
    if (this.next < start) {
      this.special.lastIndex = start
      const m = this.special.exec(this.text)
      this.next = m ? m.index : this.text.length
    }
    return this.next >= end
  }
}
