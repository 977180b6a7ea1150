/**
 * The KYC sample's promises, checked with the real face engine (face-api on wasm, default detector,
 * in-process) and rekap's own pre-flight: what the README says each row shows is what a user gets.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createFaceEngine, type FaceEngine } from '../../src-main/sandbox/face'
import { preflightImage } from '../../src-main/core/images'
import { openTable, type ImportedRow } from '../../src-main/core/importers'
import { EXAMPLES_DIR, KYC_ROWS, KYC_WORKBOOK, type KycRow } from '../../scripts/make-examples'

const KYC_DIR = path.join(EXAMPLES_DIR, 'kyc')

let engine: FaceEngine
const rowsByNo = new Map<number, ImportedRow>()

beforeAll(async () => {
  engine = await createFaceEngine({ workers: 0 })
  const table = await openTable(path.join(EXAMPLES_DIR, KYC_WORKBOOK))
  for await (const row of table.rows()) rowsByNo.set(Number(row.values.No), row)
  await table.close()
}, 120_000)

afterAll(async () => {
  await engine?.close()
})

/** The KTP photo of a row as rekap would read it: the picture in the cell, or the file the cell names. */
async function ktpBytes(spec: KycRow): Promise<Buffer> {
  const row = rowsByNo.get(spec.no)!
  const picture = row.pictures['Foto KTP']
  if (picture) return picture.data
  return readFile(path.join(KYC_DIR, String(row.values['Foto KTP'])))
}

const selfieBytes = (spec: KycRow) => readFile(path.join(KYC_DIR, String(rowsByNo.get(spec.no)!.values['Foto Selfie'])))

const byExpectation = (e: KycRow['expect']) => KYC_ROWS.filter((r) => r.expect === e).map((r) => [r.no, r] as const)

describe('KYC sample through the real face engine', () => {
  it('has several rows of each kind', () => {
    expect(byExpectation('match').length).toBeGreaterThanOrEqual(3)
    expect(byExpectation('no-match').length).toBeGreaterThanOrEqual(3)
  })

  it.each(byExpectation('match'))('row %i: the same person matches (distance < 0.6)', async (_no, spec) => {
    const result = await engine.verify(await ktpBytes(spec), await selfieBytes(spec))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.match).toBe(true)
    expect(result.debug.distance).toBeLessThan(0.45) // a clear match, not a near miss
  }, 60_000)

  it.each(byExpectation('no-match'))('row %i: two different people do not match', async (_no, spec) => {
    const result = await engine.verify(await ktpBytes(spec), await selfieBytes(spec))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.match).toBe(false)
    expect(result.debug.distance).toBeGreaterThan(0.7) // clearly apart, not a near miss
  }, 60_000)

  it.each(byExpectation('no-face'))('row %i: the KTP picture has no face', async (_no, spec) => {
    const result = await engine.verify(await ktpBytes(spec), await selfieBytes(spec))
    expect(result).toMatchObject({ ok: false, reason: 'no-face', debug: { faces: [0, 1] } })
  }, 60_000)

  it.each(byExpectation('not-a-picture'))('row %i: rekap refuses the .jpg that is not a photo, the other photo has a face', async (_no, spec) => {
    const row = rowsByNo.get(spec.no)!
    const checks = await Promise.all(
      (['Foto KTP', 'Foto Selfie'] as const).map(async (h) => ({ h, pre: await preflightImage({ path: path.join(KYC_DIR, String(row.values[h])) }) })),
    )
    const refused = checks.filter((c) => !c.pre.ok)
    expect(refused).toHaveLength(1)
    expect(refused[0].pre.problems.map((p) => p.code)).toEqual(['wrong-type'])
    expect(refused[0].pre.problems[0].message).toContain('only JPG and PNG')
    const good = checks.find((c) => c.pre.ok)!
    const faces = await engine.describe(await readFile(path.join(KYC_DIR, String(row.values[good.h]))))
    expect(faces.ok && faces.faces.length).toBeGreaterThan(0)
  }, 60_000)
})
