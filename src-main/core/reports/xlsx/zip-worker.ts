/**
 * The zip thread of a large report (started by ./zip-thread.ts): builds each row's XML, feeds the
 * report digest, encodes and deflates the sheet parts (the deflate too on this thread), and hands
 * the deflated bytes back in order.
 * It never opens a file: the report's thread owns the file and writes what comes back.
 */
import { parentPort } from 'node:worker_threads'
import { ContentDigest, jsonSpecialPattern } from '../report-digest'
import { rowXml, type ColumnXml } from './row-xml'
import { ZipEntryWriter } from './zip-writer'
import { xmlSpecialPattern } from './xml-text'
import { PlainSpans } from './plain-spans'
import type { FromZipThread, ToZipThread } from './zip-thread-protocol'
import { readRowBatch, type BatchRow, type RowBatch } from './row-batch'

if (!parentPort) throw new Error('zip-worker must run as a worker thread')
const port = parentPort
const send = (m: FromZipThread): void => port.postMessage(m)

/**
 * Deflated bytes go to the report's thread as a copy of their own length, handed over. Posted as
 * they come from zlib they are a view of its 256 KB output buffer, and a view is cloned with the
 * whole buffer it views: 256 KB serialised here, then allocated and copied again there, for each
 * chunk of ~25-30 KB (regions, face at 100,000 rows; the final block's 2 bytes cloned Node's 8 KB
 * pool). perf, regions, 2 runs: cloning 25-26 ms of this thread, receiving 26-32 ms of the report's.
 */
function sendBytes(buf: Uint8Array): void {
  const own = new Uint8Array(buf)
  port.postMessage({ t: 'bytes', buf: own } satisfies FromZipThread, [own.buffer])
}

const XML_SPECIAL = xmlSpecialPattern()
const JSON_SPECIAL = jsonSpecialPattern()

let entry: ZipEntryWriter | null = null
let cols: ColumnXml[] = []
let digest: ContentDigest | null = null
let ended: { crc: number; compressed: number; uncompressed: number } | null = null

/** the row number of the last row of the current part */
let rowNo = 0

/** the current batch's spans without a character to escape, for XML and for JSON (`writeRows`) */
let xmlSpans = new PlainSpans('', XML_SPECIAL)
let jsonSpans = new PlainSpans('', JSON_SPECIAL)

/**
 * One row of a batch: a single function for every batch, its state in this module's variables. A
 * new closure per batch (over that batch's spans) was inlined into the optimised row loop, which
 * V8 then threw away ("weak objects") once the first batch's closure was collected, and compiled
 * again: the zip thread's costliest compile, twice more per export.
 */
function writeRow(row: BatchRow): void {
  if (row.digested) digest!.row(row.cells, jsonSpans.plain(row.textStart, row.textEnd))
  entry!.write(rowXml(cols, ++rowNo, row.cells, row.bold, row.xfs, row.high, xmlSpans.plain(row.textStart, row.textEnd)))
}

function writeRows(batch: RowBatch): void {
  // most rows hold no text to escape for XML or for JSON: their cells are then not tested one by one
  xmlSpans = new PlainSpans(batch.text, XML_SPECIAL)
  jsonSpans = new PlainSpans(batch.text, JSON_SPECIAL)
  readRowBatch(batch, writeRow)
}

async function handle(m: ToZipThread): Promise<void> {
  switch (m.t) {
    case 'part':
      cols = m.cols
      rowNo = 0
      ended = null
      // the bytes are copied before they are handed over: a chunk may share its memory; each chunk
      // is deflated here, not on the pool (ZipEntryWriter's deflateHere)
      entry = new ZipEntryWriter('part', sendBytes, (crc, compressed, uncompressed) => (ended = { crc, compressed, uncompressed }), true)
      return
    case 'text':
      entry!.write(m.text)
      return
    case 'rows':
      writeRows(m.batch)
      if (entry!.busy) await entry!.drain()
      // the batch's numbers go back to be filled again (./row-batch.ts)
      port.postMessage({ t: 'ack', nums: m.batch.nums } satisfies FromZipThread, [m.batch.nums.buffer])
      return
    case 'end':
      await entry!.end()
      entry = null
      send({ t: 'ended', id: m.id, ...ended! })
      return
    case 'digest-start':
      digest = new ContentDigest(new Set(m.skip))
      digest.startSheet(m.name)
      digest.row(m.header)
      return
    case 'digest-end':
      send({ t: 'digest', id: m.id, hex: digest!.result().sheets[0].digest })
      digest = null
      return
  }
}

// one message after another, each finished (its deflates drained) before the next begins
let chain = Promise.resolve()
let failed = false
port.on('message', (m: ToZipThread) => {
  chain = chain.then(async () => {
    if (failed) return
    try {
      await handle(m)
    } catch (err) {
      failed = true
      send({ t: 'failed', message: err instanceof Error ? err.message : String(err) })
    }
  })
})
