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

/**
 * face-api's default input for TinyFaceDetector. Smaller is cheaper but finds fewer faces by
 * itself (at 224 two fixture photos, at 320 the half face go to SSD): `bench/face.ts --sizes`.
 */
export const TINY_INPUT_SIZE = 416

/** How one engine detects faces; sent with every image to the worker that describes it. */
export interface DetectorSettings {
  detector: FaceDetector
  /** TinyFaceDetector's square input in pixels (a multiple of 32); unused by 'ssd' */
  tinyInputSize: number
}

export function isFaceDetector(value: unknown): value is FaceDetector {
  return FACE_DETECTORS.includes(value as FaceDetector)
}

/** The engine's options -> checked settings (the defaults where not given). */
export function detectorSettings(opts: { detector?: unknown; tinyInputSize?: unknown }): DetectorSettings {
  const detector = opts.detector ?? DEFAULT_FACE_DETECTOR
  if (!isFaceDetector(detector)) throw new RangeError(`detector must be one of ${FACE_DETECTORS.join(', ')}, got ${String(detector)}`)
  const tinyInputSize = opts.tinyInputSize ?? TINY_INPUT_SIZE
  if (typeof tinyInputSize !== 'number' || !Number.isInteger(tinyInputSize) || tinyInputSize < 32 || tinyInputSize % 32 !== 0) {
    throw new RangeError(`tinyInputSize must be a positive multiple of 32, got ${String(tinyInputSize)}`)
  }
  return { detector, tinyInputSize }
}

/**
 * Whether TinyFaceDetector's boxes can be used as they are. Only the plain case is left to it:
 * exactly one face, wholly inside the picture. Otherwise SSD decides, as it did before:
 * - no face: SSD looks again, so a photo SSD finds a face in keeps it (the reverse, a face only the
 *   tiny net sees, is not caught; none among the fixture photos and the KYC examples);
 * - several faces: which one is the subject depends on the box sizes (pickPrimaryFace), and
 *   TinyFaceDetector's square boxes can rank a group photo's faces differently;
 * - a box crossing the border: a face cut by the edge is the hard case where the tiny net's box
 *   (and so the alignment) is off by most (obama_partial_face.jpg against obama_2.jpg: 0.46 with
 *   SSD's box, 0.63 with the tiny one, i.e. a missed match).
 */
export function tinyAnswerStands(boxes: readonly FaceBox[], width: number, height: number): boolean {
  if (boxes.length !== 1) return false
  const [b] = boxes
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height
}
