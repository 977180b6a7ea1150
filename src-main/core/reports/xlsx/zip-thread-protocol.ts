import type { CellPrimitive } from '../cell-safety'
import type { ColumnXml } from './row-xml'
import type { RowBatch } from './row-batch'

/**
 * Messages between a report's thread and its zip thread (./zip-thread.ts, ./zip-worker.ts), in
 * order on one channel. Rows travel in batches (./row-batch.ts); a row's number is not sent: a
 * part's rows are numbered 1, 2, ... on both sides.
 */
export type ToZipThread =
  | { t: 'part'; cols: ColumnXml[] }
  | { t: 'text'; text: string }
  | { t: 'rows'; batch: RowBatch }
  | { t: 'end'; id: number }
  | { t: 'digest-start'; name: string; skip: string[]; header: CellPrimitive[] }
  | { t: 'digest-end'; id: number }

export type FromZipThread =
  | { t: 'bytes'; buf: Uint8Array }
  /** a batch written: its numbers' buffer comes back to be filled again */
  | { t: 'ack'; nums: Float64Array<ArrayBuffer> }
  | { t: 'ended'; id: number; crc: number; compressed: number; uncompressed: number }
  | { t: 'digest'; id: number; hex: string }
  | { t: 'failed'; message: string }
