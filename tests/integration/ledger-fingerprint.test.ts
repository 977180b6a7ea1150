/**
 * The job fingerprint hashes each ledger line as JSON.stringify([row_no, product, points, at]);
 * SQLite writes and joins those lines a chunk at a time (issue 27: ~100 ms per 100,000 charges
 * read and stringified row by row). The text must stay JavaScript's whatever the ledger holds:
 * every text, REALs, integers past 2^53, a BLOB, across chunks. Real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { Store } from '../../src-main/core/store'
import { ledgerJsonLines } from '../../src-main/core/store/ledger-lines'
import { useTempStore } from '../helpers/temp-store'

let store: Store
useTempStore((s) => (store = s))

/** What the fingerprint hashed before: each line read into JS and stringified. */
function stringified(jobId: string): string {
  const rows = store.db.prepare('SELECT row_no, product, points, at FROM charges WHERE job_id = ? ORDER BY id').raw(true).all(jobId)
  return rows.map((r) => JSON.stringify(r) + '\n').join('')
}

function charge(jobId: string, rowNo: unknown, product: unknown, points: unknown, at: unknown): void {
  store.db.prepare("INSERT INTO charges (job_id, row_no, product, points, month, at) VALUES (?, ?, ?, ?, '2026-11', ?)").run(jobId, rowNo, product, points, at)
}

describe('ledger lines as the fingerprint hashes them', () => {
  it('plain ledgers over several chunks: SQLite writes exactly what JSON.stringify made', () => {
    for (let i = 1; i <= 10_000; i++) charge('plain', i, i % 3 ? 'face-match' : 'hospitals', 400 + (i % 7), 1_795_000_000_000 + i)
    // another job's lines between them are not this job's
    charge('other', 1, 'schools', 1, 1)
    for (let i = 10_001; i <= 10_050; i++) charge('plain', i, 'regional', 0, 1_795_000_000_000 + i)
    const text = [...ledgerJsonLines(store.db, 'plain')].join('')
    expect(text.split('\n').length - 1).toBe(10_050)
    expect(text).toBe(stringified('plain'))
    expect([...ledgerJsonLines(store.db, 'none')]).toEqual([])
  })

  it('every text a product can hold (each UTF-16 unit, bytes that are not UTF-8): SQLite writes what JSON.stringify made', () => {
    const job = 'texts'
    let i = 0
    for (let c = 0; c < 0x10000; c += 16) charge(job, ++i, Array.from({ length: 16 }, (_, k) => String.fromCharCode(c + k)).join(''), 1, 1)
    for (const t of ['\u{1F600}\u{10FFFF}', '"\\/\b\f\n\r\t', 'sekolah-é', '']) charge(job, ++i, t, 1, 1)
    for (const hex of ['FF41', 'C0AF', 'EDA080', 'F4908080', '80', 'E282']) {
      store.db.prepare(`INSERT INTO charges (job_id, row_no, product, points, month, at) VALUES (?, ?, CAST(X'${hex}' AS TEXT), 1, '2026-11', 1)`).run(job, ++i)
    }
    const lines = [...ledgerJsonLines(store.db, job)]
    expect(lines.join('')).toBe(stringified(job))
  })

  // each value SQLite's JSON does not write as JavaScript does: without its guard the text differs
  it.each([
    ['a REAL row number', 1e20, 'face-match', 400, 1],
    ['a row number past 2^53', 2n ** 53n + 1n, 'face-match', 400, 1],
    ['REAL points', 1, 'face-match', 1e20, 1],
    ['points below -2^53', 1, 'face-match', -(2n ** 53n) - 1n, 1],
    ['a REAL time', 1, 'face-match', 400, 1e20],
    ['a time past 2^53', 1, 'face-match', 400, 2n ** 53n + 1n],
    ['a BLOB product', 1, Buffer.from('face'), 400, 1],
  ])('%s: its chunk is stringified in JS, the text stays the same', (name, rowNo, product, points, at) => {
    const job = `odd-${name}`
    for (let i = 1; i <= 5000; i++) charge(job, i, 'face-match', 400, 1_795_000_000_000 + i)
    charge(job, rowNo, product, points, at)
    for (let i = 1; i <= 10; i++) charge(job, 6000 + i, 'face-match', 400, 1_795_000_000_000 + i)
    expect([...ledgerJsonLines(store.db, job)].join('')).toBe(stringified(job))
  })

  it('the store fingerprint of a charged job is the one its rows and ledger give', () => {
    const fp = store.meta.jobFingerprint('plain')
    expect(fp).toMatch(/^[0-9a-f]{64}$/)
    // a ledger line changed changes it
    store.db.prepare("UPDATE charges SET points = 401 WHERE job_id = 'plain' AND row_no = 10050").run()
    expect(store.meta.jobFingerprint('plain')).not.toBe(fp)
  })
})
