import { faceResults } from './report'
import { reportSheets } from '../../reports/report-skeleton'
import { writeResultsSheet } from '../../reports/results-sheet'
import { faceAnnotatedColumns } from './annotated-columns'
import { writeReviewLogSheet } from '../../reports/review-log-sheet'
import { failedRow, plainInput } from '../checked-row'
import type { JobKindModule } from '../kind'
import type { Unit } from '../unit'
import { reuseVerifiedPairs } from './pair-reuse'
import { readFaceImage, resolveFaceImage, type FacePayload } from './face-images'
import { words } from './words'

export type { FacePayload, FaceImageRef } from './face-images'

const IMAGE1 = ['image1', 'fotoktp', 'ktp', 'ektp', 'fotoektp', 'ktpphoto', 'photoktp', 'ktpimage', 'imagektp', 'gambarktp', 'fileektp', 'filektp', 'pathktp', 'ktppath', 'fotoidentitas', 'idphoto', 'idcardphoto', 'idcard', 'photoid']
const IMAGE2 = ['image2', 'selfie', 'fotoselfie', 'selfiephoto', 'photoselfie', 'selfieimage', 'imageselfie', 'gambarselfie', 'fileselfie', 'pathselfie', 'selfiepath', 'swafoto', 'fotowajah', 'wajah', 'facephoto', 'photoface', 'face', 'fotodiri']
const NIK = ['nik', 'noktp', 'nomorktp', 'nomerktp', 'nomorindukkependudukan', 'nikktp', 'niknasabah', 'nomornik']
const NAME = ['nama', 'name', 'namalengkap', 'fullname', 'namanasabah', 'namapelanggan', 'namasesuaiktp', 'customername']

const sendPair: Unit = async (row, env) => {
  const p = row.payload as FacePayload
  const [image1, image2] = await Promise.all([readFaceImage(p.image1, 'image1'), readFaceImage(p.image2, 'image2')])
  const r = await env.call((signal) => env.client.faceMatch({ image1, image2 }, { signal }))
  return { type: 'done', charged: true, hits: 1, result: { outcome: r.match ? 'match' : 'no-match', match: r.match, confidence: r.confidence, raw: r } }
}

/** KYC: a KTP photo against a selfie, per row; paid per verification. */
export const faceMatch: JobKindModule = {
  kind: 'face-match',
  words,
  example: { sheet: 'Data KYC', headers: ['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Selfie', 'Cabang'], row: () => [1, '3273015708920003', 'Nama Nasabah', 'photos/ktp-0001.jpg', 'photos/selfie-0001.jpg', 'Bandung'], textColumns: [2] },
  product: 'face-match',
  fields: [
    { field: 'image1', required: true, synonyms: IMAGE1 },
    { field: 'image2', required: true, synonyms: IMAGE2 },
    { field: 'nik', required: false, synonyms: NIK },
    { field: 'name', required: false, synonyms: NAME },
  ],
  guessRank: 1,
  async checkRow(row, rowNo, ctx) {
    const images: Partial<FacePayload> = {}
    for (const field of ['image1', 'image2'] as const) {
      const header = ctx.mapping[field]
      const resolved = await resolveFaceImage(row, header, field, rowNo, ctx)
      if ('failure' in resolved) return failedRow(row, rowNo, ctx, header, resolved.code, resolved.failure)
      images[field] = resolved.ref
    }
    const payload = images as FacePayload
    return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), payload, unitKey: `${payload.image1.sha256}:${payload.image2.sha256}` }
  },
  unit: sendPair,
  // Pairs verified by earlier jobs are answered at planning, for free.
  reuseEarlierResults: reuseVerifiedPairs,
  reusable: true,
  // The first face match of a fresh sandbox loads the model (~20 s on 2 cores).
  requestTimeoutMs: (settings) => Math.max(settings.requestTimeoutMs, 120_000),
  defaultConcurrency: 2,
  recordsLinked: false,
  scored: true,
  photos: true,
  annotatedColumns: faceAnnotatedColumns,
  verdictFilters: ['match', 'review', 'no-match', 'uncertain', 'failed'],
  // its closing sheet is the review log (zone and cut-off of the report)
  writeReportSheets: reportSheets({
    results: (writer, store, job, L, ctx) => writeResultsSheet(writer, store, job, L, faceResults(store, job, L, ctx), ctx),
    after: (writer, store, job, L, _p, ctx) => writeReviewLogSheet(writer, store, job, L, { zone: ctx.zone, asOf: ctx.asOf }),
  }),
}
