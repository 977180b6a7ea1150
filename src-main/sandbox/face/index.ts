/**
 * The local face verification engine: @vladmandic/face-api on the tfjs wasm backend
 * (TinyFaceDetector, SSD-MobileNetV1 where the tiny one is unsure, 68 landmarks, 128-D
 * recognition net), images decoded with sharp.
 */
import os from 'node:os'
import { compareImageFaces, type ImageFaces } from './compare-faces'
import { cachedDescribe } from './describe-cache'
import { describeImage } from './describe-image'
import { detectorSettings, type DetectorSettings, type FaceDetector } from './detector-choice'
import { loadFaceModels } from './face-models'
import type { FaceVerification, FaceVerifier } from './types'
import { faceWorkerLaunch, type WorkerLaunch } from './worker-location'
import { FaceWorkerPool } from './worker-pool'
import type { WorkerMemory } from './worker-protocol'

export type { FaceVerification, FaceVerifier, FaceDebugInfo, ChosenFace } from './types'
export { confidenceFromDistance, isMatch, MATCH_DISTANCE_THRESHOLD } from './confidence'
export { faceWorkerLaunch, type WorkerLaunch } from './worker-location'
export type { WorkerMemory } from './worker-protocol'
export { compareImageFaces, type ImageFaces } from './compare-faces'
export { DEFAULT_FACE_DETECTOR, FACE_DETECTORS, TINY_INPUT_SIZE, type FaceDetector } from './detector-choice'
export type { FoundFace, FaceBox } from './face-selection'

export interface FaceEngineOptions {
  /** worker threads; default = CPU cores; 0 = run in this thread (small runs, tests) */
  workers?: number
  /** override how the worker is started (bundled builds) */
  workerLaunch?: WorkerLaunch
  /** describe each distinct photo once per engine (default true; false = every request runs the nets) */
  cacheDescriptors?: boolean
  /** which detector finds the faces (detector-choice.ts); default 'tiny' (SSD where it is unsure) */
  detector?: FaceDetector
  /** TinyFaceDetector's input size (default TINY_INPUT_SIZE, 416; the bench tries others) */
  tinyInputSize?: number
}

export interface FaceEngine extends FaceVerifier {
  /** worker threads running (0 when in-process) */
  readonly workers: number
  /** The faces in one encoded image (with descriptors): lets a batch describe a reused photo once. */
  describe(image: Uint8Array): Promise<ImageFaces>
  /** per-worker memory (empty when in-process) */
  workerMemory(): Promise<WorkerMemory[]>
}

export async function createFaceEngine(opts: FaceEngineOptions = {}): Promise<FaceEngine> {
  const workers = opts.workers ?? os.availableParallelism()
  if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be an integer >= 0, got ${workers}`)
  const detection = detectorSettings(opts)
  const engine = await (workers === 0
    ? createInProcessEngine(detection)
    : createPooledEngine(workers, opts.workerLaunch ?? faceWorkerLaunch(), detection))
  return opts.cacheDescriptors === false ? engine : withDescriptorCache(engine)
}

/** The same engine, describing each distinct photo once; a closed engine still refuses every call. */
function withDescriptorCache(engine: FaceEngine): FaceEngine {
  let closed = false
  const cached = cachedDescribe((image) => engine.describe(image))
  const describe = (image: Uint8Array): Promise<ImageFaces> =>
    closed ? Promise.reject(new Error('face engine is closed')) : cached(image)
  return {
    workers: engine.workers,
    describe,
    verify: (image1, image2) => verifyWith(describe, image1, image2),
    workerMemory: () => engine.workerMemory(),
    close() {
      closed = true
      return engine.close()
    },
  }
}

async function createPooledEngine(size: number, launch: WorkerLaunch, detection: DetectorSettings): Promise<FaceEngine> {
  const pool = await FaceWorkerPool.start(size, launch)
  const describe = (image: Uint8Array): Promise<ImageFaces> => pool.describe(image, detection)
  return {
    workers: size,
    describe,
    verify: (image1, image2) => verifyWith(describe, image1, image2),
    workerMemory: () => pool.memory(),
    close: () => pool.close(),
  }
}

async function createInProcessEngine(detection: DetectorSettings): Promise<FaceEngine> {
  await loadFaceModels()
  let closed = false
  // tfjs in one thread gains nothing from overlapping images; one at a time keeps memory flat.
  let tail: Promise<unknown> = Promise.resolve()
  const describeSerially = (image: Uint8Array): Promise<ImageFaces> => {
    if (closed) return Promise.reject(new Error('face engine is closed'))
    const run = tail.then(() => describeImage(image, detection))
    tail = run.catch(() => undefined)
    return run
  }
  return {
    workers: 0,
    describe: describeSerially,
    verify: (image1, image2) => verifyWith(describeSerially, image1, image2),
    workerMemory: async () => [],
    async close() {
      closed = true
      await tail
    },
  }
}

async function verifyWith(
  describe: (image: Uint8Array) => Promise<ImageFaces>,
  image1: Buffer,
  image2: Buffer,
): Promise<FaceVerification> {
  const [first, second] = await Promise.all([describe(image1), describe(image2)])
  return compareImageFaces(first, second)
}
