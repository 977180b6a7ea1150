/**
 * A KYC workbook of face pairs whose photos all differ in their bytes (resized copies of the
 * shared fixtures), so no row duplicates another and every pair is its own paid request; and a
 * sandbox whose face model is loaded before a test's clock starts.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect } from 'vitest'
import { SHARED_DIR, type SandboxProcess } from './sandbox-process'

const FACES = join(SHARED_DIR, 'fixtures/faces')
/** a matching pair per person */
export const THREE_PEOPLE: ReadonlyArray<readonly [string, string]> = [
  ['obama_1.jpg', 'obama_2.jpg'],
  ['biden_1.jpg', 'biden_2.jpg'],
  ['rose_leslie_1.jpg', 'rose_leslie_2.jpg'],
]

/** Writes `kyc.csv` (NIK, Nama, Foto KTP, Foto Selfie; photos beside it, by relative name) in `dir`; returns its path. */
export async function distinctPairsWorkbook(dir: string, pairs: number, people: ReadonlyArray<readonly [string, string]> = THREE_PEOPLE): Promise<string> {
  const lines = ['NIK,Nama,Foto KTP,Foto Selfie']
  for (let i = 0; i < pairs; i++) {
    const [a, b] = people[i % people.length]
    await sharp(join(FACES, a)).resize({ width: 400 + i }).jpeg({ quality: 85 }).toFile(join(dir, `ktp-${i}.jpg`))
    await sharp(join(FACES, b)).resize({ width: 400 + i }).jpeg({ quality: 85 }).toFile(join(dir, `selfie-${i}.jpg`))
    lines.push(`${3273010000000000 + i},Orang ${i},ktp-${i}.jpg,selfie-${i}.jpg`)
  }
  const csv = join(dir, 'kyc.csv')
  writeFileSync(csv, lines.join('\n') + '\n')
  return csv
}

/** Loads the sandbox's face model (an empty verify: 400) so a run's first requests are real work. */
export async function warmFaceModel(sandbox: SandboxProcess): Promise<void> {
  const warm = await fetch(`${sandbox.url}/face-match/verify`, { method: 'POST', headers: { 'x-api-service-id': sandbox.key } })
  expect(warm.status).toBe(400)
}
