import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeForFaces, FACE_MAX_SIDE } from '../../src-main/sandbox/face/decode-for-faces'
import { faceWorkerLaunch } from '../../src-main/sandbox/face/worker-location'

const FACES = fileURLToPath(new URL('../../../shared/fixtures/faces/', import.meta.url))
const photo = (file: string) => readFileSync(FACES + file)

describe('decodeForFaces', () => {
  it('turns a 32-bit RGBA PNG into packed RGB', async () => {
    const meta = await sharp(photo('rgba_32bit.png')).metadata()
    expect(meta.channels).toBe(4)
    const image = await decodeForFaces(photo('rgba_32bit.png'))
    expect(image.pixels.length).toBe(image.width * image.height * 3)
  })

  it('bounds the longest side to 1024 and keeps the aspect ratio', async () => {
    const image = await decodeForFaces(photo('obama_partial_face.jpg')) // 491x1137
    expect(FACE_MAX_SIDE).toBe(1024)
    expect(image.height).toBe(1024)
    expect(image.width).toBe(Math.round((491 * 1024) / 1137))
  })

  it('does not enlarge small photos', async () => {
    const image = await decodeForFaces(photo('obama_240p.jpg'))
    expect([image.width, image.height]).toEqual([427, 240])
  })

  it('stands a photo tagged with EXIF orientation 6 upright', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const image = await decodeForFaces(sideways)
    expect([image.width, image.height]).toEqual([100, 300])
  })

  it('expands greyscale to three channels', async () => {
    const grey = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#777777' } }).toColourspace('b-w').png().toBuffer()
    expect((await sharp(grey).metadata()).channels).toBe(1)
    const image = await decodeForFaces(grey)
    expect(image.pixels.length).toBe(20 * 10 * 3)
    expect(image.pixels[0]).toBe(image.pixels[1])
  })

  it('fails on a truncated JPEG instead of guessing the missing half', async () => {
    const data = photo('obama_2.jpg')
    await expect(decodeForFaces(data.subarray(0, Math.floor(data.length * 0.6)))).rejects.toThrow(/premature end/i)
  })
})

describe('faceWorkerLaunch', () => {
  it('imports the TypeScript worker through tsx when running from sources', () => {
    const launch = faceWorkerLaunch('file:///app/src-main/sandbox/face/worker-location.ts')
    expect(launch.eval).toBe(true)
    expect(String(launch.script)).toContain('tsImport')
    expect(String(launch.script)).toContain('file:///app/src-main/sandbox/face/face-worker.ts')
  })

  it('starts the compiled sibling file as is in a build', () => {
    const launch = faceWorkerLaunch('file:///app/out/main/face/worker-location.js')
    expect(launch).toEqual({ script: new URL('file:///app/out/main/face/face-worker.js') })
  })
})
