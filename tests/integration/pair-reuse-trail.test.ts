/**
 * Issue 23 item 2: the reuse trail ends at a paid original. Job A sent a pair once (row 1, paid)
 * and had the same pair again (row 2, an unpaid duplicate, answered later). Job B reuses the
 * pair: its note, in the report and in the app's row view, must name A's row 1 (the row that
 * was charged), never the copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { reuseVerifiedPairs } from '../../src-main/core/kinds/face-match/pair-reuse'
import { writeJobReport } from '../../src-main/core/export'
import { rowView } from '../../src-main/core/engine/views'
import { rowNote } from '../../src-renderer/src/rows/row-text'
import { id as idMessages } from '../../src-renderer/src/i18n/id'
import { makeTempDir } from '../helpers/temp-dir'
import { cellAt, leakySettings, readBook, T0 } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
const settings = leakySettings({ reuseDays: 30 })
const PAIR = 'sha256:ktp-a|sha256:selfie-a'

function faceJob(rows: Array<{ rowNo: number; duplicateOf?: number }>, at: number): string {
  const job = store.jobs.create(
    {
      kind: 'face-match',
      inputFile: '/data/kyc/kyc.xlsx',
      inputName: 'kyc.xlsx',
      inputFingerprint: `sha256:${at}`,
      sheet: 'Data',
      headerRow: 1,
      headers: ['Foto KTP', 'Selfie'],
      mapping: { image1: 'Foto KTP', image2: 'Selfie' },
      settings,
    },
    at,
  )
  const input = { 'Foto KTP': 'ktp.jpg', Selfie: 'selfie.jpg' }
  store.rows.insertMany(job.id, rows.map((r) => ({ rowNo: r.rowNo, sourceRow: r.rowNo + 1, unitKey: PAIR, input, duplicateOf: r.duplicateOf ?? null })), at)
  store.jobs.transition(job.id, 'ready', at + 1)
  store.jobs.transition(job.id, 'running', at + 2)
  return job.id
}

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.db'))
}, 60_000)

afterAll(() => {
  store?.close()
  tmp?.cleanup()
})

describe('a reused row names the row that was charged (issue 23 item 2)', () => {
  it('job B reuses the pair from job A row 1 (paid), not row 2 (A\'s unpaid duplicate, answered later)', async () => {
    const a = faceJob([{ rowNo: 1 }, { rowNo: 2, duplicateOf: 1 }], T0)
    store.rows.markInFlight(a, 1, T0 + 100)
    store.rows.complete(a, 1, { outcome: 'match', match: true, confidence: 0.93 }, T0 + 200, { product: 'face-match', chargePoints: 400 })
    expect(store.rows.resolveDuplicates(a, T0 + 5_000)).toBe(1)
    expect(store.rows.get(a, 2)!.charged).toBe(false)

    const b = faceJob([{ rowNo: 1 }], T0 + 60_000)
    const summary = reuseVerifiedPairs(store, b, settings, T0 + 60_000)
    expect(summary).toEqual({ reused: 1, fromJobs: [a] })

    // the report's Keterangan
    const out = join(tmp.dir, 'b.xlsx')
    await writeJobReport(store, b, { out, lang: 'id' })
    const note = cellAt((await readBook(out)).getWorksheet('Hasil')!, 2, 'Keterangan').value
    expect(note).toBe(`dipakai ulang dari pekerjaan ${a} (baris 1): dua foto yang sama sudah diverifikasi di sana; tidak dibayar lagi`)

    // the app's row view and its Keterangan column (the renderer's own text function and messages)
    const job = store.jobs.get(b)!
    const view = rowView(job, store.rows.page(b, { limit: 1 })[0])
    expect(view.reusedFrom).toEqual({ jobId: a, rowNo: 1 })
    const t = (key: string, params: Record<string, unknown> = {}): string => {
      const text = key.split('.').reduce<any>((m, k) => m?.[k], idMessages) as string
      return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]))
    }
    const te = (key: string): boolean => typeof key.split('.').reduce<any>((m, k) => m?.[k], idMessages) === 'string'
    expect(rowNote(view, t, te)).toBe(`dari pekerjaan ${a}, baris 1: dua foto yang sama sudah diverifikasi di sana; tidak dibayar lagi`)
  })
})
