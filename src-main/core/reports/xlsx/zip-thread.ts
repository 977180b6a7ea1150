import { Worker } from 'node:worker_threads'
import type { CellPrimitive } from '../cell-safety'
import { workerLaunch } from '../../workers/worker-launch'
import type { PartSink } from './part-sink'
import type { ColumnXml } from './row-xml'
import type { RawEntry, ZipFileWriter } from './zip-writer'
import type { FromZipThread, ToZipThread } from './zip-thread-protocol'
import { RowBatchWriter } from './row-batch'

/**
 * Rows from which a report's sheets are written with a zip thread: starting one costs ~30 ms and a
 * few MB, which a report this size repays many times over.
 */
export const THREAD_MIN_ROWS = 10_000

/** rows per message: big enough that cloning is per batch, small enough to keep memory flat */
const BATCH_ROWS = 256
/** batches the zip thread has not finished before the report's thread waits (~4,000 rows) */
const MAX_UNACKED = 16

/**
 * A large report's second thread: the report's thread reads the store and makes each row's cells;
 * this thread (./zip-worker.ts) turns them into XML, digests them and deflates them. The two run
 * side by side on two cores, which one thread cannot (issue 27: the rows' reading and their bytes
 * each took about half of a 100,000-row export). The file stays here: the deflated bytes come back
 * in order and are written by `zip`, so an abort closes and removes it at once.
 */
export class ZipThread implements PartSink {
  private readonly worker: Worker
  private readonly batch = new RowBatchWriter()
  private unacked = 0
  private acked: (() => void) | null = null
  private failure: Error | null = null
  private readonly replies = new Map<number, { resolve(m: FromZipThread): void; reject(e: Error): void }>()
  private nextId = 1
  private entry: RawEntry | null = null
  private closed = false

  constructor(private readonly zip: ZipFileWriter) {
    const launch = workerLaunch('zip-worker', import.meta.url)
    this.worker = new Worker(launch.script, { eval: launch.eval })
    this.worker.on('message', (m: FromZipThread) => this.receive(m))
    this.worker.on('error', (err) => this.fail(err))
    this.worker.on('exit', (code) => {
      if (!this.closed) this.fail(new Error(`the report's zip thread stopped (exit code ${code})`))
    })
  }

  /** Starts a worksheet part whose rows this thread writes (one part at a time: the thread is its sink). */
  part(name: string, cols: ColumnXml[]): PartSink {
    this.check()
    this.entry = this.zip.rawEntry(name)
    this.post({ t: 'part', cols })
    return this
  }

  write(text: string): void {
    this.post({ t: 'text', text })
  }

  /** `r` is not sent: a part's rows are numbered from 1 one after another, which the zip thread counts too. */
  row(_r: number, cells: readonly CellPrimitive[], bold: boolean, xfs: ReadonlyArray<number | undefined> | undefined, high: number, digested: boolean): void {
    this.batch.add(cells, bold, digested, high, xfs)
    if (this.batch.rows >= BATCH_ROWS) this.flushRows()
  }

  get busy(): boolean {
    return this.unacked >= MAX_UNACKED
  }

  async drain(): Promise<void> {
    this.flushRows()
    while (this.unacked >= MAX_UNACKED - 1) {
      this.check()
      await new Promise<void>((resolve) => (this.acked = resolve))
    }
    this.check()
  }

  async end(): Promise<void> {
    const m = (await this.request((id) => ({ t: 'end', id }))) as Extract<FromZipThread, { t: 'ended' }>
    this.entry!.end(m.crc, m.compressed, m.uncompressed)
    this.entry = null
  }

  /** The report digest of the next sheet's rows is kept on this thread: its name line and header row first. */
  startDigest(name: string, skip: Iterable<string>, header: CellPrimitive[]): void {
    this.post({ t: 'digest-start', name, skip: [...skip], header })
  }

  /** SHA-256 of the sheet's rows since `startDigest`. */
  async endDigest(): Promise<string> {
    const m = await this.request((id) => ({ t: 'digest-end', id }))
    return (m as Extract<FromZipThread, { t: 'digest' }>).hex
  }

  /** Stops the thread (after `finish` or an abort); a message still on its way is dropped. */
  close(): void {
    if (this.closed) return
    this.closed = true
    void this.worker.terminate()
  }

  private flushRows(): void {
    if (this.batch.rows === 0) return
    this.unacked++
    const batch = this.batch.take()
    this.worker.postMessage({ t: 'rows', batch } satisfies ToZipThread, [batch.nums.buffer])
  }

  /** Everything else goes after the rows given before it. */
  private post(m: ToZipThread): void {
    this.check()
    this.flushRows()
    this.worker.postMessage(m)
  }

  private request(make: (id: number) => ToZipThread): Promise<FromZipThread> {
    const id = this.nextId++
    // posted first: a thread that failed throws here, and a reply comes in a later turn at the earliest
    this.post(make(id))
    return new Promise<FromZipThread>((resolve, reject) => this.replies.set(id, { resolve, reject }))
  }

  private receive(m: FromZipThread): void {
    // after an abort the file is closed: whatever the thread still sends is dropped, never written
    if (this.closed) return
    switch (m.t) {
      case 'bytes':
        this.entry!.out(m.buf)
        return
      case 'ack':
        this.batch.reuse(m.nums)
        this.unacked--
        this.wake()
        return
      case 'failed':
        this.fail(new Error(`the report's zip thread failed: ${m.message}`))
        return
      default: {
        const waiting = this.replies.get(m.id)
        this.replies.delete(m.id)
        waiting?.resolve(m)
      }
    }
  }

  private fail(err: Error): void {
    if (this.failure) return
    this.failure = err
    for (const w of this.replies.values()) w.reject(err)
    this.replies.clear()
    this.wake()
    this.close()
  }

  private wake(): void {
    const a = this.acked
    this.acked = null
    a?.()
  }

  private check(): void {
    if (this.failure) throw this.failure
  }
}
