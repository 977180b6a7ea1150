import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { LIMITS, MESSAGES } from '../core/provider/types'
import { sniffImageKind } from './image-type'

/**
 * POST /face-match/verify input: the two file parts of a multipart/form-data body and
 * their validation in the spec's order. Only the first 5 MB + 1 byte of each file is
 * kept; the rest is counted and dropped, so a huge upload cannot exhaust memory.
 */
export interface UploadedImage {
  /** the first bytes (at most the limit + 1) */
  bytes: Buffer
  /** the real size of the part */
  size: number
}

export interface FaceUpload {
  image1?: UploadedImage
  image2?: UploadedImage
}

export interface UploadRejection {
  status: 400
  message: string
}

/**
 * Spec order: image1 missing -> image2 missing -> image1 type -> image1 size -> image2 type
 * -> image2 size. Type is judged by content (JPEG/PNG magic bytes), not by the file name.
 */
export function validateFaceUpload(upload: FaceUpload, maxBytes: number = LIMITS.faceImageMaxBytes): UploadRejection | null {
  if (!upload.image1) return { status: 400, message: MESSAGES.image1Required }
  if (!upload.image2) return { status: 400, message: MESSAGES.image2Required }
  const checks: Array<[UploadedImage, string, string]> = [
    [upload.image1, MESSAGES.image1Type, MESSAGES.image1Size],
    [upload.image2, MESSAGES.image2Type, MESSAGES.image2Size],
  ]
  for (const [image, typeText, sizeText] of checks) {
    if (!sniffImageKind(image.bytes)) return { status: 400, message: typeText }
    if (image.size > maxBytes) return { status: 400, message: sizeText }
  }
  return null
}

/**
 * Reads the multipart body. A request that is not multipart, or whose parts are text
 * fields rather than files, yields missing images (the spec's "image1 is required").
 */
export function readFaceUpload(req: IncomingMessage, maxBytes: number = LIMITS.faceImageMaxBytes): Promise<FaceUpload> {
  const contentType = req.headers['content-type'] ?? ''
  if (!/^multipart\/form-data/i.test(contentType)) {
    req.resume()
    return Promise.resolve({})
  }
  return new Promise((resolve, reject) => {
    const upload: FaceUpload = {}
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 10, fields: 20, parts: 30 } })
    } catch {
      req.resume()
      resolve({})
      return
    }
    parser.on('file', (name, stream) => {
      if ((name !== 'image1' && name !== 'image2') || upload[name]) {
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      let kept = 0
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (kept <= maxBytes) {
          const take = chunk.subarray(0, maxBytes + 1 - kept)
          chunks.push(take)
          kept += take.length
        }
      })
      stream.on('end', () => {
        upload[name] = { bytes: Buffer.concat(chunks), size }
      })
    })
    parser.on('close', () => resolve(upload))
    parser.on('error', (err: Error) => reject(err))
    // a client gone before its upload ended (killed mid-send): the parser never closes, so without
    // this the request would stay unanswered for ever (never charged either way). Gone already (killed
    // during the sandbox's --latency, before this listens): its 'close' has passed, so asked here.
    const gone = (): void => reject(new Error('the client went away before its upload ended'))
    if (req.destroyed && !req.complete) return gone()
    req.once('close', () => {
      if (!req.complete) gone()
    })
    req.pipe(parser)
  })
}
