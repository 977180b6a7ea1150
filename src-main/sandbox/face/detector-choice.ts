import type { FaceBox } from './face-selection'

/**
 * Which detector finds the faces before the landmark and recognition nets run.
 * - 'tiny': face-api's TinyFaceDetector at TINY_INPUT_SIZE; when its answer is not clear-cut
 *   (see tinyAnswerStands) SSD-MobileNetV1 looks at the photo and its answer is used instead.
 * - 'ssd': SSD-MobileNetV1 only (the engine before issue 17; ~3x the CPU per photo).
 */
export type FaceDetector = 'tiny' | 'ssd'
export const FACE_DETECTORS: readonly FaceDetector[] = ['tiny', 'ssd']

/**
 * SSD always works at 512x512 (~330 ms of one core on wasm); TinyFaceDetector at 416 needs ~80 ms
 * and, with the SSD fallback below, gives the same decisions on every fixture pair (bench/face.ts).
 */
export const DEFAULT_FACE_DETECTOR: FaceDetector = 'tiny'

/** face-api's default input for TinyFaceDetector; 320 misses half faces, 224 misses small ones. */
export const TINY_INPUT_SIZE = 416

export function isFaceDetector(value: unknown): value is FaceDetector {
  return FACE_DETECTORS.includes(value as FaceDetector)
}

/**
 * Whether TinyFaceDetector's boxes can be used as they are. Only the plain case is left to it:
 * exactly one face, wholly inside the picture. Otherwise SSD decides, as it did before:
 * - no face: a "no face" answer keeps SSD's (tighter) judgement, so no-face decisions do not move;
 * - several faces: which one is the subject depends on the box sizes (pickPrimaryFace), and
 *   TinyFaceDetector's square boxes can rank a group photo's faces differently;
 * - a box crossing the border: a face cut by the edge is the hard case where the tiny net's box
 *   (and so the alignment) is off by most (obama_partial_face.jpg: distance 0.55 -> 0.63).
 */
export function tinyAnswerStands(boxes: readonly FaceBox[], width: number, height: number): boolean {
  if (boxes.length !== 1) return false
  const [b] = boxes
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height
}
