import { confidenceFromDistance, isMatch } from './confidence'
import { euclideanDistance, pickPrimaryFace, type FoundFace } from './face-selection'
import type { FaceDetector } from './detector-choice'
import type { FaceVerification } from './types'

/** What describing one image produced: the faces, or why there are none to look at. */
export type ImageFaces =
  | { ok: true; faces: FoundFace[]; width: number; height: number; detectedBy?: FaceDetector }
  | { ok: false; reason: 'undecodable'; message: string }

/** The verification rule, free of I/O: pick each image's primary face, compare, calibrate. */
export function compareImageFaces(first: ImageFaces, second: ImageFaces): FaceVerification {
  if (!first.ok || !second.ok) return { ok: false, reason: 'undecodable' }
  const faces: [number, number] = [first.faces.length, second.faces.length]
  const a = pickPrimaryFace(first.faces)
  const b = pickPrimaryFace(second.faces)
  if (!a || !b) return { ok: false, reason: 'no-face', debug: { faces } }
  const distance = euclideanDistance(a.descriptor, b.descriptor)
  return {
    ok: true,
    match: isMatch(distance),
    confidence: confidenceFromDistance(distance),
    debug: {
      faces,
      distance,
      choseAmongSeveral: faces[0] > 1 || faces[1] > 1,
      chosen: [
        { score: a.score, box: a.box },
        { score: b.score, box: b.box },
      ],
    },
  }
}
