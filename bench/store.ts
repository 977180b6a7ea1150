/**
 * Per-row overhead of the store, and the gain of batching inserts vs one transaction per row.
 *   npx tsx bench/store.ts [rows]
 * Prints numbers from one run (ratios are what to compare across machines).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../src-main/core/store'
import { defaultJobSettings } from '../src-main/core/model/job-settings'

const N = Number(process.argv[2] ?? 20_000)
const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-store-'))
const store = openStore(join(dir, 'bench.db'))
const input = (i: number) => ({ NIK: String(3273010000000000 + i), Nama: `Orang ${i}`, 'Foto KTP': `ktp/${i}.jpg`, 'Foto Selfie': `selfie/${i}.jpg` })

function time(label: string, fn: () => void): number {
  const t0 = performance.now()
  fn()
  const ms = performance.now() - t0
  console.log(`${label.padEnd(48)} ${ms.toFixed(0).padStart(7)} ms  ${((ms * 1000) / N).toFixed(1).padStart(7)} µs/row`)
  return ms
}

const a = store.jobs.create({ kind: 'face-match', settings: defaultJobSettings() }, Date.now())
const batched = time('insert rows, batched (rekap)', () =>
  store.rows.insertMany(a.id, Array.from({ length: N }, (_, i) => ({ rowNo: i + 1, input: input(i) })), Date.now()),
)
const b = store.jobs.create({ kind: 'face-match', settings: defaultJobSettings() }, Date.now())
const naive = time('insert rows, one transaction per row (naive)', () => {
  for (let i = 0; i < N; i++) store.rows.insertMany(b.id, [{ rowNo: i + 1, input: input(i) }], Date.now())
})
const lifecycle = time('row lifecycle: in-flight + done/charge/hit', () => {
  for (let i = 1; i <= N; i++) {
    store.rows.markInFlight(a.id, i, Date.now())
    store.rows.complete(a.id, i, { outcome: 'match', match: true, confidence: 0.9, raw: { match: true, confidence: 0.9 } }, Date.now(), {
      product: 'face-match',
      chargePoints: 400,
    })
  }
})
const counts = time('progress snapshot (counts) x 100', () => {
  for (let i = 0; i < 100; i++) store.rows.counts(a.id)
})
console.log(`batched insert is ${(naive / batched).toFixed(1)}x faster than one transaction per row`)
console.log(`per-row lifecycle overhead: ${((lifecycle * 1000) / N).toFixed(0)} µs = ${((lifecycle / N / 50) * 100).toFixed(2)}% of a 50 ms slot at 20 rps`)
console.log(`a progress snapshot over ${N} rows takes ${(counts / 100).toFixed(1)} ms`)
store.close()
rmSync(dir, { recursive: true, force: true })
