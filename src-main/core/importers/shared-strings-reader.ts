import type { Readable } from 'node:stream'

import { SharedStringTable, StringItemTooLongError, sharedStringItems, stringItemText } from './shared-strings'
import { EXCEL_MAX_CELL_CHARS } from './types'
import { XmlTextError } from './xml-text-error'
import { coreText, TextError } from '../texts/core-text'

/**
 * Caps on the shared-string table: its XML (also held to the size the zip declares), its number of
 * items, and each item's text (Excel's own cell limit; longer text is cut and the cell says so). A
 * real 1,048,576-row sheet stays well inside all three.
 */
export const MAX_SHARED_STRINGS_XML = 256 * 1024 * 1024
export const MAX_SHARED_STRINGS = 8_000_000

/** A limit of what rekap reads from a workbook, said as a core text (the refusal embeds it). */
export class WorkbookLimitError extends TextError {
  override readonly name = 'WorkbookLimitError'
}

/** A cell names a shared string not read yet: read on to it (readPast) and parse the row again. */
export class SharedStringNeeded extends Error {
  override readonly name = 'SharedStringNeeded'
  constructor(readonly index: number) {
    super(`shared string ${index} is not read yet`)
  }
}

/**
 * A workbook's shared strings, read from the part's stream only as far as the cells ask. Choosing
 * the kind from a 1,000,000-row workbook's header read the whole 87 MB part (3,000,000 items) before
 * the plan read it all again: the CLI's plan peaked 30-50 MB above the engine's (issue 27). The
 * header's texts are among the first items of a real workbook, so the header is read from a few KB.
 */
export class SharedStringsReader {
  readonly table = new SharedStringTable()
  /** original lengths of the shared strings that were cut to Excel's cell limit, by index */
  readonly cut = new Map<number, number>()
  /** shared strings holding a character XML forbids, by index: refused when a cell uses one */
  readonly bad = new Map<number, XmlTextError>()
  private xml: Readable | null = null
  private items: AsyncGenerator<string[]> | null = null
  private done: boolean

  /**
   * `open`: streams the part; null when the workbook has no shared strings. Opened on the first
   * read, and read from at once (an inflating stream nobody listens to would fail unheard).
   */
  constructor(
    private readonly open: (() => Promise<Readable>) | null,
    private readonly part = 'xl/sharedStrings.xml',
  ) {
    this.done = open === null
  }

  /** false once every item of the part is in the table (or reading stopped) */
  get pending(): boolean {
    return !this.done
  }

  /** Reads windows of the part until item `index` is in the table or the part ends. */
  async readPast(index: number): Promise<void> {
    while (!this.done && this.table.length <= index) {
      if (!this.items) {
        this.xml = await this.open!()
        this.items = sharedStringItems(this.xml)
      }
      const next = await this.items.next().catch((err: unknown) => {
        if (err instanceof StringItemTooLongError) err.part = this.part
        throw err
      })
      if (next.done) this.finish()
      else for (const inner of next.value) this.add(inner)
    }
  }

  /** Reads the rest of the part (so a damaged part is refused even if no cell reached its end). */
  async readAll(): Promise<void> {
    await this.readPast(Number.POSITIVE_INFINITY)
  }

  /**
   * Refuses a shared string holding text XML does not allow that no cell used (a cell using one is
   * refused naming the cell, first): Excel refuses the whole file over it, so it is named by its part.
   */
  refuseUnused(): void {
    const first = this.bad.values().next()
    if (!first.done) throw first.value.at(this.part)
  }

  /** Stops reading (the table keeps what was read). */
  close(): void {
    this.done = true
    this.items = null
    this.xml?.destroy()
    this.xml = null
  }

  private finish(): void {
    this.table.seal()
    this.close()
  }

  /** One `<si>`'s text: cut to Excel's cell limit (and noted), or noted as refused (a character XML forbids). */
  private add(inner: string): void {
    const { table } = this
    if (table.length >= MAX_SHARED_STRINGS) {
      throw new WorkbookLimitError(coreText('zipReason.tooManyStrings', { max: MAX_SHARED_STRINGS }))
    }
    let text = ''
    try {
      text = stringItemText(inner)
    } catch (err) {
      if (!(err instanceof XmlTextError)) throw err
      this.bad.set(table.length, err)
    }
    if (text.length > EXCEL_MAX_CELL_CHARS) {
      this.cut.set(table.length, text.length)
      text = text.slice(0, EXCEL_MAX_CELL_CHARS)
    }
    table.push(text)
  }
}
