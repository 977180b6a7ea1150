/**
 * Turns the recognition net's Euclidean distance into the service's 0..1 confidence.
 *
 * The net's documented decision threshold is 0.6: below it two descriptors are the same person.
 * A logistic curve centred on that threshold gives exactly 0.5 there, falls monotonically with
 * distance and never leaves (0, 1). The steepness (12) is chosen so that distances typical of one
 * person in two photos (~0.35–0.45) read as ~0.85–0.95 and those of two people (~0.8–1.0) as
 * ~0.01–0.08; it is a readable scale for the operator, not a probability fitted on KYC data.
 */
export const MATCH_DISTANCE_THRESHOLD = 0.6

export interface CalibrationOptions {
  threshold?: number
  steepness?: number
}

export function confidenceFromDistance(distance: number, opts: CalibrationOptions = {}): number {
  const threshold = opts.threshold ?? MATCH_DISTANCE_THRESHOLD
  const steepness = opts.steepness ?? 12
  if (!Number.isFinite(distance) || distance < 0) {
    throw new RangeError(`face distance must be a finite number >= 0, got ${distance}`)
  }
  return 1 / (1 + Math.exp(steepness * (distance - threshold)))
}

/** The decision: strictly below the threshold is the same person. */
export function isMatch(distance: number, threshold = MATCH_DISTANCE_THRESHOLD): boolean {
  return distance < threshold
}
