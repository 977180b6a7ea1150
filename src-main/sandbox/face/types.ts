/**
 * What the local face engine promises. The sandbox's /face-match/verify and a future
 * offline mode call it; the engine itself lives beside this file.
 */
export interface FaceDebugInfo {
  /** faces found in each image; the largest, most confident one was used */
  faces: [number, number]
  distance: number
  /** true when an image had several faces and one was chosen */
  choseAmongSeveral: boolean
  /** the face used in each image (detector score and box in the shrunk image's pixels) */
  chosen?: [ChosenFace, ChosenFace]
}

export interface ChosenFace {
  score: number
  box: { x: number; y: number; width: number; height: number }
}

export type FaceVerification =
  | { ok: true; match: boolean; confidence: number; debug: FaceDebugInfo }
  | { ok: false; reason: 'no-face' | 'undecodable'; debug?: Partial<FaceDebugInfo> }

export interface FaceVerifier {
  /** Compares the faces in two encoded images (JPEG or PNG bytes). */
  verify(image1: Buffer, image2: Buffer): Promise<FaceVerification>
  /** Stops worker threads; further calls reject. */
  close(): Promise<void>
}
