/**
 * CPU per photo of the face models with the face workers' Concat (concat-last-axis.ts) and with
 * tfjs's own, in one thread, alternating rounds so both see the same machine; prints the ratio.
 * Every fixture photo through the default detector (tiny, SSD when tiny is unsure), no cache.
 *
 *   npx tsx bench/face-concat.ts [rounds=4]
 */
import { createRequire } from 'node:module'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadFaceModels } from '../src-main/sandbox/face/face-models'
import { decodeForFaces } from '../src-main/sandbox/face/decode-for-faces'
import { DEFAULT_FACE_DETECTOR, TINY_INPUT_SIZE } from '../src-main/sandbox/face'
import { tfjsOwnConcat, type KernelRegistry } from '../src-main/sandbox/face/concat-last-axis'

const rounds = Number(process.argv[2] ?? 4)
const FACES = fileURLToPath(new URL('../../shared/fixtures/faces/', import.meta.url))
const tf = createRequire(import.meta.url)('@vladmandic/face-api/dist/face-api.node-wasm.js').tf as KernelRegistry

const models = await loadFaceModels()
const ours = tf.getKernel('Concat', 'wasm')!
const own = tfjsOwnConcat(tf)!
const use = (k: typeof ours) => {
  tf.unregisterKernel('Concat', 'wasm')
  tf.registerKernel(k)
}
const images = await Promise.all(
  readdirSync(FACES)
    .filter((f) => /\.(jpe?g|png)$/.test(f))
    .map(async (f) => decodeForFaces(readFileSync(FACES + f))),
)
const settings = { detector: DEFAULT_FACE_DETECTOR, tinyInputSize: TINY_INPUT_SIZE }

async function cpuMsPerPhoto(): Promise<number> {
  const start = process.cpuUsage()
  for (const image of images) await models.describe(image, settings)
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / images.length
}

use(own)
await cpuMsPerPhoto() // warm-up: the nets' first runs compile and allocate
const ms: Record<'tfjs' | 'narrow', number[]> = { tfjs: [], narrow: [] }
for (let r = 0; r < rounds; r++) {
  use(own)
  ms.tfjs.push(await cpuMsPerPhoto())
  use(ours)
  ms.narrow.push(await cpuMsPerPhoto())
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(`${images.length} photos x ${rounds} rounds, CPU ms per photo (median): tfjs Concat ${median(ms.tfjs).toFixed(1)}, narrow Concat ${median(ms.narrow).toFixed(1)}; ratio ${(median(ms.narrow) / median(ms.tfjs)).toFixed(2)}x`)
console.log(`rounds: tfjs ${ms.tfjs.map((x) => x.toFixed(0)).join(' ')} | narrow ${ms.narrow.map((x) => x.toFixed(0)).join(' ')}`)
