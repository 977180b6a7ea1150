/**
 * The multipart body of POST /face-match/verify (spec 4.3): parts `image1` and `image2`,
 * each a file with a name and an image content type.
 */

export interface FaceImage {
  data: Buffer | Uint8Array
  filename: string
  /** Defaults to the type read from the first bytes, then from the file name. */
  contentType?: string
}

/** JPEG and PNG by magic bytes; the extension only when the bytes say neither. */
export function imageContentType(data: Uint8Array, filename: string): string {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg'
  if (data.length >= 8 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'image/png'
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase()
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg'
  if (ext === 'png') return 'image/png'
  return 'application/octet-stream'
}

export function buildFaceMatchForm(image1: FaceImage, image2: FaceImage): FormData {
  const form = new FormData()
  for (const [field, image] of [['image1', image1], ['image2', image2]] as const) {
    const type = image.contentType ?? imageContentType(image.data, image.filename)
    // Copy into a plain ArrayBuffer-backed view: Blob does not take a SharedArrayBuffer view.
    form.append(field, new Blob([new Uint8Array(image.data)], { type }), image.filename)
  }
  return form
}
