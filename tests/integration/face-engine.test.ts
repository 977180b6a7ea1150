/**
 * The real engine (face-api on tfjs wasm, real worker threads) on the real photos in
 * ../shared/fixtures/faces, with its default detector (and SSD alone, to show the decisions agree). Each photo is described once through the pool; pairs are then judged
 * with the same rule verify() uses, and verify() itself is exercised end to end on a few pairs.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareImageFaces, createFaceEngine, type FaceEngine, type ImageFaces } from '../../src-main/sandbox/face'

const FACES = fileURLToPath(new URL('../../../shared/fixtures/faces/', import.meta.url))
/** Not a person to pair: a group photo, and a decoder case of unknown identity (README). */
const NOT_PAIRED = new Set(['two_people.jpg', 'rgba_32bit.png'])

const labels = readFileSync(path.join(FACES, 'labels.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, person] = line.split(',')
    return { file, person }
  })
const photo = (file: string) => readFileSync(path.join(FACES, file))

const paired = labels.filter((l) => !NOT_PAIRED.has(l.file))
const pairs = paired.flatMap((a, i) => paired.slice(i + 1).map((b) => ({ a: a.file, b: b.file, same: a.person === b.person })))

let engine: FaceEngine
const described = new Map<string, ImageFaces>()

beforeAll(async () => {
  engine = await createFaceEngine() // default: one worker per core
  const results = await Promise.all(labels.map((l) => engine.describe(photo(l.file))))
  labels.forEach((l, i) => described.set(l.file, results[i]))
}, 300_000) // 16 photos through the real model: generous for a busy 2-core machine

afterAll(async () => {
  await engine?.close()
})

function distance(a: string, b: string): number {
  const result = compareImageFaces(described.get(a)!, described.get(b)!)
  if (!result.ok) throw new Error(`${a} vs ${b}: ${result.reason}`)
  return result.debug.distance
}

describe('face engine on the fixture photos', () => {
  it('starts one worker per core by default', () => {
    expect(engine.workers).toBeGreaterThanOrEqual(1)
  })

  it('finds a face in every photo, including RGBA PNGs', () => {
    for (const { file } of labels) {
      const faces = described.get(file)!
      expect(faces.ok, file).toBe(true)
      if (faces.ok) expect(faces.faces.length, file).toBeGreaterThanOrEqual(1)
    }
  })

  it('matches every same-person pair (distance < 0.6)', () => {
    const same = pairs.filter((p) => p.same)
    expect(same.length).toBe(14)
    for (const p of same) expect.soft(distance(p.a, p.b), `${p.a} vs ${p.b}`).toBeLessThan(0.6)
  })

  it('does not match any different-person pair (distance >= 0.6)', () => {
    const different = pairs.filter((p) => !p.same)
    expect(different.length).toBe(77)
    for (const p of different) expect.soft(distance(p.a, p.b), `${p.a} vs ${p.b}`).toBeGreaterThanOrEqual(0.6)
  })

  it('uses the largest face of a group photo and says so in debug', () => {
    const group = described.get('two_people.jpg')!
    expect(group.ok && group.faces.length).toBe(2)
    const result = compareImageFaces(group, described.get('biden_2.jpg')!)
    expect(result).toMatchObject({ ok: true, debug: { faces: [2, 1], choseAmongSeveral: true } })
  })
})

describe('default detector (TinyFaceDetector, SSD where it is unsure) against SSD alone', () => {
  let ssd: FaceEngine
  const bySsd = new Map<string, ImageFaces>()
  const pairOutcome = (faces: (file: string) => ImageFaces, a: string, b: string) => {
    const r = compareImageFaces(faces(a), faces(b))
    if (!r.ok) throw new Error(`${a} vs ${b}: ${r.reason}`)
    return { match: r.match, distance: r.debug.distance }
  }

  beforeAll(async () => {
    ssd = await createFaceEngine({ detector: 'ssd' })
    const results = await Promise.all(labels.map((l) => ssd.describe(photo(l.file))))
    labels.forEach((l, i) => bySsd.set(l.file, results[i]))
  }, 300_000)

  afterAll(async () => {
    await ssd?.close()
  })

  it('uses the tiny detector for plain photos and SSD for the half face and the group photo', () => {
    const detectedBy = (faces: Map<string, ImageFaces>) =>
      Object.fromEntries(labels.map((l) => { const f = faces.get(l.file)!; return [l.file, f.ok ? f.detectedBy : f.reason] }))
    const handedOver = new Set(['obama_partial_face.jpg', 'two_people.jpg'])
    expect(detectedBy(described)).toEqual(Object.fromEntries(labels.map((l) => [l.file, handedOver.has(l.file) ? 'ssd' : 'tiny'])))
    expect(new Set(Object.values(detectedBy(bySsd)))).toEqual(new Set(['ssd']))
  })

  it('gives every fixture pair the decision of its labels and of SSD, each distance within 0.05 of SSD\'s', () => {
    expect(pairs.length).toBe(91)
    for (const p of pairs) {
      const tiny = pairOutcome((f) => described.get(f)!, p.a, p.b)
      const before = pairOutcome((f) => bySsd.get(f)!, p.a, p.b)
      expect.soft(tiny.match, `${p.a} vs ${p.b}`).toBe(p.same)
      expect.soft(before.match, `${p.a} vs ${p.b} (ssd)`).toBe(p.same)
      expect.soft(Math.abs(tiny.distance - before.distance), `${p.a} vs ${p.b}: ${before.distance} -> ${tiny.distance}`).toBeLessThan(0.05)
    }
  })

  it('picks the same face of the group photo as SSD', () => {
    const chosen = (faces: Map<string, ImageFaces>) => {
      const r = compareImageFaces(faces.get('two_people.jpg')!, faces.get('biden_2.jpg')!)
      return r.ok ? r.debug.chosen![0].box : undefined
    }
    expect(chosen(described)).toEqual(chosen(bySsd))
  })

  it('refuses an unknown detector by name', async () => {
    // @ts-expect-error: not a detector
    await expect(createFaceEngine({ workers: 0, detector: 'mtcnn' })).rejects.toThrow(/detector must be one of tiny, ssd, got mtcnn/)
  })
})

describe('verify() end to end', () => {
  it('says match with confidence above 0.5 for one person (small 240p photo against a large one)', async () => {
    const result = await engine.verify(photo('obama_240p.jpg'), photo('obama_3.jpg'))
    expect(result).toMatchObject({ ok: true, match: true })
    if (result.ok) expect(result.confidence).toBeGreaterThan(0.5)
  })

  it('says no match with confidence below 0.5 for two people', async () => {
    const result = await engine.verify(photo('rose_leslie_1.jpg'), photo('kit_harington_1.jpg'))
    expect(result).toMatchObject({ ok: true, match: false })
    if (result.ok) expect(result.confidence).toBeLessThan(0.5)
  })

  it('applies EXIF orientation: a selfie stored sideways still matches', async () => {
    // Rotate the pixels a quarter turn and tag orientation 6 ("turn 90° clockwise to view"), as phones do.
    const sideways = await sharp(photo('obama_2.jpg')).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    expect((await sharp(sideways).metadata()).orientation).toBe(6)
    const result = await engine.verify(sideways, photo('obama_1.jpg'))
    expect(result).toMatchObject({ ok: true, match: true })
  })

  it('reports no-face for a plain grey picture', async () => {
    const grey = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } }).jpeg().toBuffer()
    expect(await engine.verify(grey, photo('biden_1.jpg'))).toMatchObject({ ok: false, reason: 'no-face', debug: { faces: [0, 1] } })
    expect(await engine.verify(photo('biden_1.jpg'), grey)).toMatchObject({ ok: false, reason: 'no-face', debug: { faces: [1, 0] } })
  })

  it('reports undecodable for a truncated JPEG', async () => {
    const data = photo('obama_2.jpg')
    const result = await engine.verify(data.subarray(0, data.length >> 1), photo('obama_1.jpg'))
    expect(result).toEqual({ ok: false, reason: 'undecodable' })
  })

  it('queues more requests than workers and answers each one', async () => {
    const jobs = [
      engine.verify(photo('kit_harington_1.jpg'), photo('kit_harington_2.jpg')),
      engine.verify(photo('rose_leslie_1.jpg'), photo('rose_leslie_2.jpg')),
      engine.verify(photo('biden_1.jpg'), photo('lin_manuel_miranda_1.png')),
      engine.verify(photo('alex_lacamoire_1.jpg'), photo('alex_lacamoire_2.png')),
    ]
    const results = await Promise.all(jobs)
    expect(results.map((r) => r.ok && r.match)).toEqual([true, true, false, true])
  })
})

describe('in-process engine (workers: 0)', () => {
  it('gives the same distance as the pool', async () => {
    const local = await createFaceEngine({ workers: 0 })
    try {
      expect(local.workers).toBe(0)
      const result = await local.verify(photo('biden_1.jpg'), photo('biden_2.jpg'))
      expect(result.ok).toBe(true)
      if (result.ok) expect(result.debug.distance).toBeCloseTo(distance('biden_1.jpg', 'biden_2.jpg'), 4)
    } finally {
      await local.close()
    }
    await expect(local.verify(photo('biden_1.jpg'), photo('biden_2.jpg'))).rejects.toThrow(/closed/)
  })
})

describe('pool lifecycle', () => {
  it('rejects calls after close, and close twice is harmless', async () => {
    const pool = await createFaceEngine({ workers: 1 })
    await pool.close()
    await pool.close()
    await expect(pool.verify(photo('biden_1.jpg'), photo('biden_2.jpg'))).rejects.toThrow(/closed/)
  })

  it('fails to start with a clear message when a worker cannot load', async () => {
    const broken = createFaceEngine({ workers: 1, workerLaunch: { script: 'process.exit(3)', eval: true } })
    await expect(broken).rejects.toThrow(/face worker exited with code 3 while starting/)
  })

  it('rejects the request a crashing worker was handling instead of hanging', async () => {
    const crashing = `
      const { parentPort } = require('node:worker_threads')
      parentPort.on('message', () => process.exit(7))
      parentPort.postMessage({ type: 'ready', backend: 'none' })`
    const pool = await createFaceEngine({ workers: 1, workerLaunch: { script: crashing, eval: true } })
    try {
      await expect(pool.verify(photo('biden_1.jpg'), photo('biden_2.jpg'))).rejects.toThrow(/crashed .*code 7/)
    } finally {
      await pool.close()
    }
  })
})

describe('started the way the CLI starts (tsx registered in the main thread only)', () => {
  it('loads the TypeScript worker and verifies a pair', async () => {
    const repo = fileURLToPath(new URL('../../', import.meta.url))
    const script = `
      import { register } from 'tsx/esm/api'
      import { readFileSync } from 'node:fs'
      register()
      const { createFaceEngine } = await import('./src-main/sandbox/face/index.ts')
      const engine = await createFaceEngine({ workers: 1 })
      const photo = (f) => readFileSync(${JSON.stringify(FACES)} + f)
      const result = await engine.verify(photo('kit_harington_1.jpg'), photo('kit_harington_2.jpg'))
      await engine.close()
      console.log(JSON.stringify({ ok: result.ok, match: result.match }))`
    // A clean node (not vitest's worker flags); it must also exit by itself once closed.
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repo,
      timeout: 120_000,
    })
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ ok: true, match: true })
  })
})
