import { createRequire } from 'node:module'
import path from 'node:path'
import type { FoundFace } from './face-selection'
import type { RgbImage } from './decode-for-faces'
import { useNarrowLastAxisConcat, type KernelRegistry } from './concat-last-axis'
import { tinyAnswerStands, type DetectorSettings, type FaceDetector } from './detector-choice'

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm')
/** face-api re-exports all of tfjs and the wasm backend at runtime; its typings list only a subset. */
type TfRuntime = FaceApi['tf'] & KernelRegistry & {
  setWasmPaths(prefix: string): void
  setBackend(name: string): Promise<boolean>
  ready(): Promise<void>
  getBackend(): string
  enableProdMode(): void
  backend(): { wasm?: { HEAPU8?: Uint8Array } }
}

// CommonJS on purpose: face-api's node-wasm bundle require()s @tensorflow/tfjs, and we must drive
// that very instance (an ESM import would load a second tfjs with no backend and no models).
const requireCjs = createRequire(import.meta.url)

/** Detector settings: face-api's defaults, spelled out. */
const MIN_DETECTION_SCORE = 0.5
const MAX_FACES = 10

function packageDir(name: string): string {
  return path.dirname(requireCjs.resolve(`${name}/package.json`))
}

/** Where the .wasm binaries and the model weights live: inside node_modules, never fetched. */
export function faceAssetPaths(): { wasmDir: string; modelDir: string } {
  return {
    wasmDir: path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep,
    modelDir: path.join(packageDir('@vladmandic/face-api'), 'model'),
  }
}

export interface DetectedFaces {
  faces: FoundFace[]
  /** the detector whose boxes were used ('ssd' also when 'tiny' was asked for but handed over) */
  detectedBy: FaceDetector
}

export interface FaceModels {
  /** All faces in the image with their descriptors, in detector order. */
  describe(image: RgbImage, settings: DetectorSettings): Promise<DetectedFaces>
  backend: string
  /** size of the wasm linear memory holding weights and tensors (it only grows) */
  wasmHeapBytes(): number
}

let loading: Promise<FaceModels> | undefined

/** Loads tfjs (wasm) and the four nets once per thread (each worker thread has its own copy). */
export function loadFaceModels(): Promise<FaceModels> {
  loading ??= load().catch((err) => {
    loading = undefined
    throw err
  })
  return loading
}

async function load(): Promise<FaceModels> {
  const faceapi = requireCjs('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi
  const tf = faceapi.tf as TfRuntime
  const { wasmDir, modelDir } = faceAssetPaths()
  tf.setWasmPaths(wasmDir)
  if (!(await tf.setBackend('wasm'))) throw new Error(`tfjs wasm backend failed to start (binaries in ${wasmDir})`)
  await tf.ready()
  tf.enableProdMode()
  useNarrowLastAxisConcat(tf)
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir)
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir)
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir)
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir)
  const ssdOptions = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_DETECTION_SCORE, maxResults: MAX_FACES })

  /** Landmarks and descriptors for boxes already found: face-api's own chain, fed our detections. */
  async function describeDetections(input: ReturnType<TfRuntime['tensor3d']>, detections: InstanceType<FaceApi['FaceDetection']>[]): Promise<FoundFace[]> {
    const withDetection = detections.map((detection) => faceapi.extendWithFaceDetection({}, detection))
    const results = await new faceapi.DetectAllFaceLandmarksTask(Promise.resolve(withDetection), input, false).withFaceDescriptors()
    return results.map((r) => ({
      score: r.detection.score,
      box: { x: r.detection.box.x, y: r.detection.box.y, width: r.detection.box.width, height: r.detection.box.height },
      descriptor: r.descriptor,
    }))
  }

  return {
    backend: tf.getBackend(),
    wasmHeapBytes: () => tf.backend().wasm?.HEAPU8?.byteLength ?? 0,
    async describe(image: RgbImage, settings: DetectorSettings): Promise<DetectedFaces> {
      const input = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32')
      try {
        if (settings.detector === 'tiny') {
          const tinyOptions = new faceapi.TinyFaceDetectorOptions({ inputSize: settings.tinyInputSize, scoreThreshold: MIN_DETECTION_SCORE })
          const quick = await faceapi.detectAllFaces(input, tinyOptions)
          if (tinyAnswerStands(quick.map((d) => d.box), image.width, image.height)) {
            return { faces: await describeDetections(input, quick), detectedBy: 'tiny' }
          }
        }
        const careful = await faceapi.detectAllFaces(input, ssdOptions)
        return { faces: await describeDetections(input, careful), detectedBy: 'ssd' }
      } finally {
        input.dispose()
      }
    },
  }
}
