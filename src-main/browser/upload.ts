/**
 * `POST /api/upload`: one file in a multipart form, saved under the uploads folder in a fresh
 * random sub-folder with a cleaned-up name, so the engine can open it by path like any
 * other spreadsheet. Anything over the size cap is cut off, deleted and refused.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import busboy from 'busboy'
import { AppError } from '../app/app-error'
import { safeFileStem } from '../app/export-names'

export const DEFAULT_UPLOAD_LIMIT_BYTES = 512 * 1024 * 1024

export function uploadFileName(original: string): string {
  const parsed = path.parse(path.basename(original.replace(/\\/g, '/')))
  const ext = parsed.ext.replace(/[^A-Za-z0-9.]/g, '').slice(0, 10)
  return `${safeFileStem(parsed.name, 'upload')}${ext}`
}

export async function receiveUpload(req: IncomingMessage, uploadsDir: string, limitBytes: number): Promise<{ path: string; bytes: number }> {
  const type = req.headers['content-type'] ?? ''
  if (!type.startsWith('multipart/form-data')) {
    throw new AppError('invalid-input', 'upload: send the file as multipart/form-data in a field named "file"', 'file')
  }
  const dir = path.join(uploadsDir, randomBytes(8).toString('hex'))
  await mkdir(dir, { recursive: true })

  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: limitBytes, fields: 5 } })
    } catch {
      reject(new AppError('invalid-input', 'upload: the form data cannot be read', 'file'))
      return
    }
    let saved: Promise<{ path: string; bytes: number }> | null = null
    let failure: AppError | null = null
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || saved) {
        stream.resume()
        return
      }
      const target = path.join(dir, uploadFileName(info.filename || 'upload'))
      let bytes = 0
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length))
      stream.on('limit', () => {
        failure = new AppError('invalid-input', `upload: the file is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`, 'file')
      })
      saved = new Promise((done, fail) => {
        const out = createWriteStream(target)
        stream.pipe(out)
        out.on('finish', () => done({ path: target, bytes }))
        out.on('error', fail)
      })
    })
    bb.on('error', () => reject(new AppError('invalid-input', 'upload: the form data was cut off or malformed', 'file')))
    bb.on('close', async () => {
      try {
        if (!saved) throw new AppError('invalid-input', 'upload: no file in the form (field "file")', 'file')
        const result = await saved
        if (failure) throw failure
        resolve(result)
      } catch (err) {
        await rm(dir, { recursive: true, force: true })
        reject(err)
      }
    })
    req.pipe(bb)
  })
}
