/**
 * The face workers' Concat (src-main/sandbox/face/concat-last-axis.ts) in the real tfjs wasm backend:
 * every join it takes gives the values a plain concatenation gives, the joins it leaves go to tfjs's
 * own kernel, and the real models describe real photos to the very same bits with either kernel.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadFaceModels, type FaceModels } from '../../src-main/sandbox/face/face-models'
import { decodeForFaces } from '../../src-main/sandbox/face/decode-for-faces'
import { tfjsOwnConcat, type KernelConfig, type KernelRegistry } from '../../src-main/sandbox/face/concat-last-axis'

interface Tensor {
  shape: number[]
  dataSync(): Float32Array | Int32Array
  dispose(): void
}
type Tf = KernelRegistry & {
  tensor(values: number[], shape: number[], dtype?: string): Tensor
  concat(tensors: Tensor[], axis?: number): Tensor
}

const tf = createRequire(import.meta.url)('@vladmandic/face-api/dist/face-api.node-wasm.js').tf as Tf
const FACES = fileURLToPath(new URL('../../../shared/fixtures/faces/', import.meta.url))

let models: FaceModels
let ours: KernelConfig
let own: KernelConfig
beforeAll(async () => {
  models = await loadFaceModels()
  ours = tf.getKernel('Concat', 'wasm')!
  own = tfjsOwnConcat(tf)!
}, 120_000)

/** Runs `fn` with tfjs's own Concat in place of the face workers' one. */
async function withTfjsOwn<T>(fn: () => Promise<T> | T): Promise<T> {
  tf.unregisterKernel('Concat', 'wasm')
  tf.registerKernel(own)
  try {
    return await fn()
  } finally {
    tf.unregisterKernel('Concat', 'wasm')
    tf.registerKernel(ours)
  }
}

/** Values with fractions and signs, different in every tensor (a mix-up of inputs or rows shows). */
let seed = 7
function values(n: number, dtype: string): number[] {
  return Array.from({ length: n }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return dtype === 'int32' ? (seed % 2001) - 1000 : seed / 2 ** 20 - 1024.37
  })
}

/** The concatenation by its definition: each row of the output is that row of every input, in order. */
function plainConcat(inputs: { values: number[]; shape: number[] }[], axis: number): number[] {
  const rank = inputs[0].shape.length
  const at = axis < 0 ? axis + rank : axis
  const rows = inputs[0].shape.slice(0, at).reduce((a, b) => a * b, 1)
  const out: number[] = []
  for (let r = 0; r < rows; r++) {
    for (const t of inputs) {
      const width = t.shape.slice(at).reduce((a, b) => a * b, 1)
      out.push(...t.values.slice(r * width, (r + 1) * width))
    }
  }
  return out
}

const JOINS: { name: string; shapes: number[][]; axis: number; dtype: string }[] = [
  { name: "face-api's normalize: three mean images, one channel each", shapes: [[1, 150, 150, 1], [1, 150, 150, 1], [1, 150, 150, 1]], axis: 3, dtype: 'float32' },
  { name: 'widths 1, 5 and 16 on the last axis, given as -1', shapes: [[2, 3, 1], [2, 3, 5], [2, 3, 16]], axis: -1, dtype: 'float32' },
  { name: 'a row wider than 16 (tfjs own)', shapes: [[4, 17], [4, 2]], axis: 1, dtype: 'float32' },
  { name: 'the first axis (tfjs own)', shapes: [[2, 3], [5, 3]], axis: 0, dtype: 'float32' },
  { name: 'int32 (tfjs own)', shapes: [[3, 1], [3, 2]], axis: 1, dtype: 'int32' },
  { name: 'an empty input among them (tfjs own)', shapes: [[3, 0], [3, 2], [3, 1]], axis: 1, dtype: 'float32' },
  { name: 'one input (tfjs own)', shapes: [[3, 4]], axis: 1, dtype: 'float32' },
]

describe("the face workers' Concat in tfjs's wasm backend", () => {
  it('is in place once the models are loaded, and tfjs own is kept', () => {
    expect(ours).toBeDefined()
    expect(own).toBeDefined()
    expect(ours.kernelFunc).not.toBe(own.kernelFunc)
  })

  for (const join of JOINS) {
    it(`${join.name}: the values of a plain concatenation, as tfjs own gives them`, async () => {
      const inputs = join.shapes.map((shape) => ({ shape, values: values(shape.reduce((a, b) => a * b, 1), join.dtype) }))
      const concat = () => {
        const tensors = inputs.map((t) => tf.tensor(t.values, t.shape, join.dtype))
        const out = tf.concat(tensors, join.axis)
        const result = { shape: out.shape, values: Array.from(out.dataSync()) }
        for (const t of [...tensors, out]) t.dispose()
        return result
      }
      const fast = concat()
      const tfjs = await withTfjsOwn(concat)
      // the inputs as float32 holds them, so the plain concatenation is compared bit for bit
      const stored = inputs.map((t) => ({ shape: t.shape, values: Array.from(join.dtype === 'int32' ? Int32Array.from(t.values) : Float32Array.from(t.values)) }))
      expect(fast.values).toEqual(plainConcat(stored, join.axis))
      expect(fast).toEqual(tfjs)
    })
  }

  it('the real models describe real photos to the same bits with either kernel', async () => {
    for (const file of ['obama_1.jpg', 'two_people.jpg', 'lin_manuel_miranda_1.png']) {
      const image = await decodeForFaces(readFileSync(FACES + file))
      for (const detector of ['tiny', 'ssd'] as const) {
        const settings = { detector, tinyInputSize: 416 }
        const fast = await models.describe(image, settings)
        const tfjs = await withTfjsOwn(() => models.describe(image, settings))
        expect(fast.faces.length, `${file} ${detector}`).toBeGreaterThan(0)
        expect(fast, `${file} ${detector}`).toEqual(tfjs)
      }
    }
  }, 120_000)
})
