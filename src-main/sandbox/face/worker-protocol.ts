import type { ImageFaces } from './compare-faces'
import type { DetectorSettings } from './detector-choice'

/** Messages between the engine (main thread) and a face worker thread. */
export type ToWorker =
  | { type: 'describe'; id: number; image: Uint8Array; detection: DetectorSettings }
  | { type: 'stats'; id: number }

export interface WorkerMemory {
  /** this worker's JS heap (its isolate only) */
  heapUsedBytes: number
  /** this worker's tfjs wasm linear memory (model weights and tensors) */
  wasmHeapBytes: number
  /** peak resident set of the whole process as seen from the worker (threads share one process) */
  processMaxRssBytes: number
}

export type FromWorker =
  | { type: 'ready'; backend: string }
  | { type: 'init-failed'; message: string }
  | { type: 'described'; id: number; result: ImageFaces }
  | { type: 'failed'; id: number; message: string }
  | { type: 'stats'; id: number; memory: WorkerMemory }
