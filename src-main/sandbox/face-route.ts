import { createHash } from 'node:crypto'
import { MESSAGES, type FaceMatchResult } from '../core/provider/types'
import { readFaceUpload, validateFaceUpload, type FaceUpload } from './face-upload'
import { failure, success, type JsonAnswer } from './http-io'
import type { Route, RouteContext } from './route-types'

/**
 * POST /face-match/verify (spec 4.3). After auth: validation (face-upload.ts) -> balance
 * (402 below 400 points) -> verification (400 no-face text) -> charge 400 on success only.
 * The price is reserved before verifying so concurrent requests never overspend; any
 * error releases it, so every error is free. The spec gives the 401 text for a missing header
 * only; a wrong key gets the same text.
 */
export async function verifyFaces(ctx: RouteContext): Promise<JsonAnswer> {
  let upload: FaceUpload
  try {
    upload = await readFaceUpload(ctx.req)
  } catch {
    upload = {} // a malformed multipart body carries no usable image1
  }
  const rejection = validateFaceUpload(upload)
  if (rejection) return failure(rejection.status, rejection.message)
  if (!ctx.account.reserveFaceMatch()) return failure(402, MESSAGES.insufficientBalance)
  try {
    const verifier = await ctx.faceVerifier()
    const outcome = await verifier.verify(upload.image1!.bytes, upload.image2!.bytes)
    if (!outcome.ok) {
      ctx.account.releaseFaceMatch()
      return failure(400, MESSAGES.noFace)
    }
    // A client that went away before the answer never receives it, but the verification was
    // done: by default the sandbox bills it, as the real service likely does (the worst case
    // rekap must survive: its row is uncertain, never silently re-sent). --forgive-abandoned
    // keeps the kinder reading of "Rp400 per successful verification".
    const pair = pairHash(upload.image1!.bytes, upload.image2!.bytes)
    if (ctx.req.socket.destroyed) {
      if (ctx.forgiveAbandoned) ctx.account.releaseFaceMatch()
      else ctx.account.commitFaceMatch(pair, ctx.nowMs, { abandoned: true })
      return failure(499, 'client closed the connection before the answer')
    }
    ctx.account.commitFaceMatch(pair, ctx.nowMs)
    const data: FaceMatchResult = { match: outcome.match, confidence: outcome.confidence }
    return success(data)
  } catch (err) {
    ctx.account.releaseFaceMatch()
    throw err // the server answers 500, uncharged
  }
}

/** The ledger's name for a pair: the two photos' sha256, as rekap computes them. */
function pairHash(a: Buffer, b: Buffer): string {
  const h = (x: Buffer): string => createHash('sha256').update(x).digest('hex')
  return `${h(a)}:${h(b)}`
}

export const faceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/face-match/verify',
    product: 'face-match',
    unauthorizedText: MESSAGES.faceKeyRequired,
    handle: verifyFaces,
  },
]
