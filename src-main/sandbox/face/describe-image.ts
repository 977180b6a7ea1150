import type { ImageFaces } from './compare-faces'
import { decodeForFaces } from './decode-for-faces'
import type { DetectorSettings } from './detector-choice'
import { loadFaceModels } from './face-models'

/** Encoded image -> its faces. Runs wherever the models are: a worker thread or the main thread. */
export async function describeImage(encoded: Buffer | Uint8Array, settings: DetectorSettings): Promise<ImageFaces> {
  let image
  try {
    image = await decodeForFaces(encoded)
  } catch (err) {
    return { ok: false, reason: 'undecodable', message: err instanceof Error ? err.message : String(err) }
  }
  const models = await loadFaceModels()
  const { faces, detectedBy } = await models.describe(image, settings)
  return { ok: true, faces, width: image.width, height: image.height, detectedBy }
}
