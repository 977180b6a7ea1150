/**
 * POST /face-match/verify: validation order and texts, balance and charging, through the
 * real `rekap sandbox` process and its real face engine; concurrency of charging in-process
 * with an injected verifier (a timing fake: it decides by byte equality, so that many requests
 * can be in flight at once without the model's cost).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FaceVerifier } from '../../src-main/sandbox/face/types'
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index'
import { SHARED_DIR, startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

const FACES = resolve(SHARED_DIR, 'fixtures/faces')
const face = (name: string): Buffer => readFileSync(resolve(FACES, name))
const FIVE_MB = 5 * 1024 * 1024

interface Part {
  bytes: Buffer | string
  filename?: string
  type?: string
}

async function verify(
  url: string,
  key: string | null,
  parts: Record<string, Part>,
): Promise<{ status: number; body: any }> {
  const form = new FormData()
  for (const [name, p] of Object.entries(parts)) {
    if (typeof p.bytes === 'string') form.append(name, p.bytes)
    else form.append(name, new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/jpeg' }), p.filename ?? `${name}.jpg`)
  }
  const res = await fetch(`${url}/face-match/verify`, {
    method: 'POST',
    headers: key === null ? {} : { 'x-api-service-id': key },
    body: form,
  })
  return { status: res.status, body: await res.json() }
}

let jpeg: Buffer
let png: Buffer
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
// valid magic bytes, but one byte over the limit
const bigJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(FIVE_MB - 3)])

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#88aacc' } }).jpeg().toBuffer()
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ccaa88' } }).png().toBuffer()
})

describe('validation through the real process (spec 4.3, 7)', () => {
  let sb: SandboxProcess
  beforeAll(async () => {
    sb = await startSandboxProcess()
  })
  afterAll(async () => {
    await sb?.stop()
  })

  const M = {
    key: 'API key required in x-api-service-id header',
    req1: "image1 is required. Please upload an image file using 'image1' field in multipart/form-data",
    req2: "image2 is required. Please upload an image file using 'image2' field in multipart/form-data",
    type1: 'Invalid image1 file type. Only JPG, JPEG, and PNG image files are allowed',
    type2: 'Invalid image2 file type. Only JPG, JPEG, and PNG image files are allowed',
    size1: 'image1 file size exceeds maximum limit of 5 MB',
    size2: 'image2 file size exceeds maximum limit of 5 MB',
  }

  it.each([
    ['no key at all, even with bad parts', null, { image1: { bytes: gif } }, 401, M.key],
    ['nothing sent', 'key', {}, 400, M.req1],
    ['image1 missing (image2 present)', 'key', { image2: { bytes: 'x' } }, 400, M.req1],
    ['image1 as a text field, not a file', 'key', { image1: { bytes: 'abc' }, image2: { bytes: 'abc' } }, 400, M.req1],
    ['image2 missing', 'key', { image1: { bytes: gif } }, 400, M.req2],
    ['image1 GIF named .jpg', 'key', { image1: { bytes: gif }, image2: { bytes: gif } }, 400, M.type1],
    ['image1 wrong type beats image1 size', 'key', { image1: { bytes: Buffer.concat([gif, Buffer.alloc(FIVE_MB)]) }, image2: { bytes: gif } }, 400, M.type1],
    ['image1 over 5 MB beats image2 type', 'key', { image1: { bytes: bigJpeg }, image2: { bytes: gif } }, 400, M.size1],
    ['image2 wrong type', 'key', { image1: { bytes: 'JPEG' }, image2: { bytes: gif, filename: 'b.png', type: 'image/png' } }, 400, M.type2],
    ['image2 over 5 MB', 'key', { image1: { bytes: 'PNG' }, image2: { bytes: bigJpeg } }, 400, M.size2],
  ])('%s -> %i', async (_label, key, rawParts, status, message) => {
    const parts: Record<string, Part> = {}
    for (const [name, p] of Object.entries(rawParts as Record<string, Part>)) {
      // 'JPEG'/'PNG' stand for a valid small image made in beforeAll
      parts[name] = p.bytes === 'JPEG' ? { bytes: jpeg } : p.bytes === 'PNG' ? { bytes: png, filename: 'a.png', type: 'image/png' } : p
    }
    const r = await verify(sb.url, key === null ? null : sb.key, parts)
    expect(r.status).toBe(status)
    expect(r.body).toEqual({ is_success: false, message })
  })

  it('an image of exactly 5 MB passes the size check (it fails later, for lack of a face, for free)', async () => {
    const exact = Buffer.concat([jpeg, Buffer.alloc(FIVE_MB - jpeg.length)])
    expect(exact.length).toBe(FIVE_MB)
    const r = await verify(sb.url, sb.key, { image1: { bytes: exact }, image2: { bytes: jpeg } })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('Failed to verify faces. Please ensure both images are valid and contain faces.')
    const state = await sb.admin('GET', '/_sandbox/state')
    expect(state.charged_calls).toBe(0)
    expect(state.balance).toBe(10_000_000)
  })
})

describe('real face engine through the real process, balance 800', () => {
  let sb: SandboxProcess
  beforeAll(async () => {
    sb = await startSandboxProcess({ args: ['--balance', '800'] })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('obama_1 vs obama_2 match, obama_1 vs biden_1 do not, each charged 400; then 402 and nothing more', async () => {
    const same = await verify(sb.url, sb.key, { image1: { bytes: face('obama_1.jpg') }, image2: { bytes: face('obama_2.jpg') } })
    expect(same.status).toBe(200)
    expect(same.body.is_success).toBe(true)
    expect(Object.keys(same.body.data).sort()).toEqual(['confidence', 'match'])
    expect(same.body.data.match).toBe(true)
    expect(same.body.data.confidence).toBeGreaterThan(0.5)

    // a picture without a face: 400 with the spec's text, not charged
    const noFace = await verify(sb.url, sb.key, { image1: { bytes: face('obama_1.jpg') }, image2: { bytes: png, filename: 'x.png', type: 'image/png' } })
    expect(noFace.status).toBe(400)
    expect(noFace.body).toEqual({ is_success: false, message: 'Failed to verify faces. Please ensure both images are valid and contain faces.' })

    const other = await verify(sb.url, sb.key, { image1: { bytes: face('obama_1.jpg') }, image2: { bytes: face('biden_1.jpg') } })
    expect(other.status).toBe(200)
    expect(other.body.data.match).toBe(false)
    expect(other.body.data.confidence).toBeLessThan(0.5)

    const broke = await verify(sb.url, sb.key, { image1: { bytes: face('obama_1.jpg') }, image2: { bytes: face('obama_2.jpg') } })
    expect(broke.status).toBe(402)
    expect(broke.body).toEqual({ is_success: false, message: 'Insufficient points balance. Please top up to continue.' })

    let state = await sb.admin('GET', '/_sandbox/state')
    expect(state).toMatchObject({ balance: 0, charged_calls: 2, hits: { 'face-match': 2 } })

    state = await sb.admin('POST', '/_sandbox/topup', { points: 400 })
    expect(state.balance).toBe(400)
    const again = await verify(sb.url, sb.key, { image1: { bytes: face('obama_2.jpg') }, image2: { bytes: face('obama_1.jpg') } })
    expect(again.body.data.match).toBe(true)
    expect(await sb.admin('GET', '/_sandbox/state')).toMatchObject({ balance: 0, charged_calls: 3 })
  })
})

/** Timing fake: "same bytes = same person"; a 50 ms pause keeps many requests in flight. */
function byteEqualityVerifier(): FaceVerifier & { calls: number } {
  const v = {
    calls: 0,
    async verify(a: Buffer, b: Buffer) {
      v.calls++
      await new Promise((r) => setTimeout(r, 50))
      const match = a.equals(b)
      return { ok: true as const, match, confidence: match ? 0.95 : 0.05, debug: { faces: [1, 1] as [number, number], distance: match ? 0 : 1, choseAmongSeveral: false } }
    },
    async close() {},
  }
  return v
}

describe('charging under concurrency (in-process, injected verifier)', () => {
  let sandbox: RunningSandbox
  let verifier: ReturnType<typeof byteEqualityVerifier>
  beforeAll(async () => {
    verifier = byteEqualityVerifier()
    sandbox = await startSandbox({ port: 0, balance: 800, faceVerifier: verifier, keys: ['k'], adminToken: 'admin' })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('balance 800 allows exactly two charged matches out of six simultaneous requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => verify(sandbox.url, 'k', { image1: { bytes: jpeg }, image2: { bytes: jpeg } })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 402)).toHaveLength(4)
    expect(verifier.calls).toBe(2) // 402 is decided before verification
    expect(sandbox.state()).toMatchObject({ balance: 0, charged_calls: 2 })
  })
})
