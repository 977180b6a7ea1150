/**
 * `rekap jobs --json` gave `counts.outcomes`, the service's raw outcomes, while the report, the app
 * and the review queue say each row's verdict (band-aware, core/verdict.ts). `counts.verdicts` is
 * the rows per verdict by that same rule: for a face job with a review band it equals the report's
 * rows per label. Real `rekap` processes, the embedded sandbox's real face engine, real SQLite file,
 * real xlsx read back with exceljs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, SHARED_DIR } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { labelsFor } from '../../src-main/core/reports'
import { readBook } from './reports-fixtures'

interface Run {
  code: number | null
  out: string
  err: string
}

function rekap(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' }
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

const face = (f: string): string => join(SHARED_DIR, 'fixtures/faces', f)
let tmp: ReturnType<typeof makeTempDir>

beforeAll(() => {
  tmp = makeTempDir('rekap-jobs-verdicts-')
})
afterAll(() => tmp?.cleanup())

describe('rekap jobs --json counts rows per verdict', () => {
  it('counts.verdicts equals the report rows per verdict for a face job with a review band; outcomes kept', async () => {
    const file = join(tmp.dir, 'kyc.csv')
    writeFileSync(
      file,
      [
        'NIK,Nama,Foto KTP,Foto Selfie',
        `3273010101010001,Same person,${face('obama_1.jpg')},${face('obama_2.jpg')}`,
        `3273010101010002,Different people,${face('obama_1.jpg')},${face('biden_1.jpg')}`,
        `3273010101010003,Missing photo,${face('does-not-exist.jpg')},${face('biden_1.jpg')}`,
        `3273010101010004,Same person (2),${face('biden_1.jpg')},${face('biden_2.jpg')}`,
      ].join('\n'),
    )
    const db = join(tmp.dir, 'rekap.db')
    const report = join(tmp.dir, 'report.xlsx')
    // every match scores above 0.5: the band [0.5, 1] sends the matches to review
    const run = await rekap(['run', file, '--kind', 'face-match', '--review-band', '0.5,1', '--allow-outside-paths', '--yes', '--db', db, '--out', report])
    expect(run.code, run.out + run.err).toBe(0)

    const listed = await rekap(['jobs', '--json', '--db', db])
    expect(listed.code, listed.err).toBe(0)
    const [job] = JSON.parse(listed.out) as { counts: { outcomes: Record<string, number>; verdicts: Record<string, number> } }[]

    const L = labelsFor('en')
    const ws = (await readBook(report)).getWorksheet(L.sheets.results)!
    const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''))
    const resultCol = headers.indexOf(L.face.result)
    expect(resultCol).toBeGreaterThan(0)
    const reportRows: Record<string, number> = {}
    for (let r = 2; r <= ws.rowCount; r++) {
      const label = String(ws.getRow(r).getCell(resultCol).text)
      reportRows[label] = (reportRows[label] ?? 0) + 1
    }
    const verdictRows: Record<string, number> = {}
    for (const [verdict, n] of Object.entries(job.counts.verdicts ?? {})) {
      if (n) verdictRows[L.outcomes[verdict as keyof typeof L.outcomes]] = n
    }
    expect(verdictRows).toEqual(reportRows)
    // the band is what makes the two differ: the service said match, the user asked to review them
    expect(job.counts.verdicts.review).toBe(2)
    expect(job.counts.verdicts.match ?? 0).toBe(0)
    expect(job.counts.outcomes.match).toBe(2)
  }, 180_000)
})
