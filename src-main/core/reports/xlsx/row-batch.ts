import type { CellPrimitive } from '../cell-safety'

/**
 * Rows on their way to the zip thread, in a form that costs little to move between threads:
 * numbers in one Float64Array (handed over, not copied), the texts joined into one string, and
 * the rare style-id arrays aside. Cloning the cells as JS values cost ~0.1-0.3 µs a value on the
 * report's thread (a Date ~1 µs), as much as a third of what moving the work away saved.
 * Per row: a head (cell count and flags), its height (0: the default), then per cell a tag and,
 * for a text its length, for a number or a date its value.
 */
export interface RowBatch {
  nums: Float64Array<ArrayBuffer>
  used: number
  text: string
  /** style ids of the rows flagged ROW_XFS, in order */
  xfs: Array<ReadonlyArray<number | undefined>>
}

const ROW_BOLD = 1
const ROW_DIGESTED = 2
const ROW_HIGH = 4
const ROW_XFS = 8
const FLAG_BITS = 4

const NULL = 0
const TEXT = 1
const NUMBER = 2
const TRUE = 3
const FALSE = 4
const DATE = 5

/** What the zip thread is told of one row. */
export interface BatchRow {
  cells: CellPrimitive[]
  bold: boolean
  digested: boolean
  high: number
  xfs: ReadonlyArray<number | undefined> | undefined
  /** where the row's texts are in the batch's joined text: [textStart, textEnd) */
  textStart: number
  textEnd: number
}

export class RowBatchWriter {
  rows = 0
  private nums: Float64Array<ArrayBuffer> = new Float64Array(1 << 14)
  private used = 0
  /** one array for every batch (emptied, not replaced): a new one starts as an array of small integers, and its first text threw the optimised `add` away */
  private readonly texts: string[] = []
  private xfs: Array<ReadonlyArray<number | undefined>> = []
  /**
   * numbers' arrays the zip thread has handed back, to be filled again: a new one per batch was
   * 128 KB zero-filled and faulted in page by page on this thread and freed on the other, 391
   * times in a 100,000-row report (cachegrind: the zero-filling alone 52-54 M instructions of
   * regions' and face's exports)
   */
  private readonly spare: Array<Float64Array<ArrayBuffer>> = []

  add(cells: readonly CellPrimitive[], bold: boolean, digested: boolean, high: number, xfs: ReadonlyArray<number | undefined> | undefined): void {
    const need = this.used + 2 + cells.length * 2
    if (need > this.nums.length) this.grow(need)
    const nums = this.nums
    let u = this.used
    nums[u++] = cells.length * (1 << FLAG_BITS) + (bold ? ROW_BOLD : 0) + (digested ? ROW_DIGESTED : 0) + (high ? ROW_HIGH : 0) + (xfs ? ROW_XFS : 0)
    // every row's height, 0 for none: see readRowBatch
    nums[u++] = high
    if (xfs) this.xfs.push(xfs)
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i]
      if (typeof v === 'string') {
        nums[u++] = TEXT
        nums[u++] = v.length
        this.texts.push(v)
      } else if (typeof v === 'number') {
        nums[u++] = NUMBER
        nums[u++] = v
      } else if (v === null) nums[u++] = NULL
      else if (typeof v === 'boolean') nums[u++] = v ? TRUE : FALSE
      else {
        nums[u++] = DATE
        nums[u++] = v.getTime()
      }
    }
    this.used = u
    this.rows++
  }

  /** The batch so far (its numbers' buffer can be transferred); the writer starts a new one. */
  take(): RowBatch {
    const batch: RowBatch = { nums: this.nums, used: this.used, text: this.texts.join(''), xfs: this.xfs }
    this.nums = this.spare.pop() ?? new Float64Array(this.nums.length)
    this.used = 0
    this.texts.length = 0
    this.xfs = []
    this.rows = 0
    return batch
  }

  /** A batch's numbers, read and done with: the next batches are written into them. */
  reuse(nums: Float64Array<ArrayBuffer>): void {
    this.spare.push(nums)
  }

  private grow(need: number): void {
    const bigger = new Float64Array(Math.max(need, this.nums.length * 2))
    bigger.set(this.nums.subarray(0, this.used))
    this.nums = bigger
  }
}

/** Calls `each` for every row of a batch, in order; `row.cells` is one array refilled per row. */
export function readRowBatch(batch: RowBatch, each: (row: BatchRow) => void): void {
  const { nums, used, text } = batch
  // `high` starts as a double (-0, never read before it is set): read from the Float64Array a
  // height is one, and a field begun as a small integer was changed to a double at the first row,
  // under the zip thread's compiled code (the row's map deprecated, its compile thrown away)
  const row: BatchRow = { cells: [], bold: false, digested: false, high: -0, xfs: undefined, textStart: 0, textEnd: 0 }
  let t = 0
  let x = 0
  for (let u = 0; u < used; ) {
    // counts and lengths as small integers (| 0): read from the Float64Array they are doubles, and
    // a text's slice at a double offset threw the zip thread's optimised row loop away once
    const head = nums[u++]
    const flags = head % (1 << FLAG_BITS) | 0
    const n = ((head - flags) / (1 << FLAG_BITS)) | 0
    row.bold = (flags & ROW_BOLD) !== 0
    row.digested = (flags & ROW_DIGESTED) !== 0
    // every row's height, without a branch of its own: a results sheet's rows seldom have one, and
    // the first that did reached code V8 had compiled without it (the zip thread's optimised row
    // loop thrown away and compiled again)
    row.high = nums[u++]
    row.xfs = flags & ROW_XFS ? batch.xfs[x++] : undefined
    if (row.cells.length !== n) row.cells = new Array<CellPrimitive>(n)
    const cells = row.cells
    row.textStart = t
    for (let i = 0; i < n; i++) {
      const tag = nums[u++]
      if (tag === TEXT) {
        const len = nums[u++] | 0
        cells[i] = text.slice(t, t + len)
        t += len
      } else if (tag === NUMBER) cells[i] = nums[u++]
      else if (tag === NULL) cells[i] = null
      else if (tag === TRUE || tag === FALSE) cells[i] = tag === TRUE
      else cells[i] = new Date(nums[u++])
    }
    row.textEnd = t
    each(row)
  }
}
