/**
 * What a detector found in one image, and which face a verification uses.
 * Pure functions: the worker produces FoundFace lists, the main thread decides.
 */
export interface FaceBox {
  x: number
  y: number
  width: number
  height: number
}

export interface FoundFace {
  /** detector confidence 0..1 */
  score: number
  box: FaceBox
  /** 128-D descriptor from the recognition net */
  descriptor: Float32Array
}

/**
 * The face a KYC photo is "about": on an ID card next to a small hologram face, or a selfie with a
 * bystander, the subject is the largest face. Area is weighted by detector confidence so a large
 * but doubtful detection does not beat a slightly smaller, clear one.
 */
export function pickPrimaryFace<T extends Pick<FoundFace, 'score' | 'box'>>(faces: readonly T[]): T | undefined {
  let best: T | undefined
  let bestWeight = -1
  for (const face of faces) {
    const weight = face.box.width * face.box.height * face.score
    if (weight > bestWeight) {
      best = face
      bestWeight = weight
    }
  }
  return best
}

export function euclideanDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`descriptor lengths differ: ${a.length} vs ${b.length}`)
  let sum = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i]
    sum += d * d
  }
  return Math.sqrt(sum)
}
