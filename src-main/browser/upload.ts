/**
 * `POST /api/upload`: a spreadsheet, a .zip holding a workbook and its photos, or a whole folder
 * (several parts named "files", each with its path relative to the folder), saved under the
 * uploads folder in a fresh random sub-folder so the engine can open the workbook by path and
 * find its photos beside it. Anything over the size cap is cut off, deleted and refused.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import busboy from 'busboy'
import { AppError } from '../app/app-error'
import { coreText } from '../core/texts/core-text'
import { safeFileStem } from '../app/export-names'
import { extractUploadedZip } from './upload-archive'
import { pickWorkbook, safeRelativePath } from './upload-paths'

export const DEFAULT_UPLOAD_LIMIT_BYTES = 512 * 1024 * 1024
/** files in one folder upload */
export const MAX_UPLOAD_FILES = 20_000

export function uploadFileName(original: string): string {
  const parsed = path.parse(path.basename(original.replace(/\\/g, '/')))
  const ext = parsed.ext.replace(/[^A-Za-z0-9.]/g, '').slice(0, 10)
  return `${safeFileStem(parsed.name, 'upload')}${ext}`
}

export interface UploadResult {
  /** the workbook to open (for a single spreadsheet: the file itself) */
  path: string
  bytes: number
  /** other spreadsheets found in a folder or .zip, relative to it */
  others: string[]
}

export async function receiveUpload(req: IncomingMessage, uploadsDir: string, limitBytes: number): Promise<UploadResult> {
  const type = req.headers['content-type'] ?? ''
  if (!type.startsWith('multipart/form-data')) {
    throw new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadNotMultipart', {}) }), 'file')
  }
  const dir = path.join(uploadsDir, randomBytes(8).toString('hex'))
  await mkdir(dir, { recursive: true })
  try {
    const saved = await saveParts(req, dir, limitBytes)
    return await workbookOf(saved, dir, limitBytes)
  } catch (err) {
    await rm(dir, { recursive: true, force: true })
    throw err
  }
}

interface SavedPart {
  /** path relative to the upload folder, '/'-separated */
  rel: string
  full: string
  bytes: number
  /** sent as one file ("file") rather than as part of a folder ("files") */
  single: boolean
}

function saveParts(req: IncomingMessage, dir: string, limitBytes: number): Promise<SavedPart[]> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy
    try {
      // preservePath: a folder upload names each part "folder/sub/file.jpg"; the paths are checked below
      bb = busboy({ headers: req.headers, preservePath: true, limits: { files: MAX_UPLOAD_FILES, fileSize: limitBytes, fields: 5 } })
    } catch {
      reject(new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadUnreadable', {}) }), 'file'))
      return
    }
    const writes: Array<Promise<SavedPart>> = []
    let total = 0
    let failure: AppError | null = null
    let sawSingle = false
    bb.on('file', (field, stream, info) => {
      const single = field === 'file'
      if ((field !== 'file' && field !== 'files') || (single && sawSingle) || failure) {
        stream.resume()
        return
      }
      if (single) sawSingle = true
      const name = info.filename || 'upload'
      const full = single ? path.join(dir, uploadFileName(name)) : safeRelativePath(dir, name)
      if (!full) {
        failure = new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadPathLeaves', { name }) }), 'file')
        stream.resume()
        return
      }
      let bytes = 0
      // The pipe is attached in this same tick: a 'data' listener alone would let bytes flow away.
      mkdirSync(path.dirname(full), { recursive: true })
      const out = createWriteStream(full)
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        total += chunk.length
        if (total > limitBytes && !failure) failure = tooLarge(limitBytes)
      })
      stream.on('limit', () => (failure = tooLarge(limitBytes)))
      stream.pipe(out)
      writes.push(
        new Promise<SavedPart>((done, fail) => {
          out.on('finish', () => done({ rel: path.relative(dir, full).split(path.sep).join('/'), full, bytes, single }))
          out.on('error', fail)
        }),
      )
    })
    bb.on('filesLimit', () => (failure = new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadTooManyFiles', { max: MAX_UPLOAD_FILES }) }), 'file')))
    bb.on('error', () => reject(new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadMalformed', {}) }), 'file')))
    bb.on('close', async () => {
      try {
        const saved = await Promise.all(writes)
        if (failure) throw failure
        if (!saved.length) throw new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadNoFile', {}) }), 'file')
        resolve(saved)
      } catch (err) {
        reject(err)
      }
    })
    req.pipe(bb)
  })
}

function tooLarge(limitBytes: number): AppError {
  return new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadTooLarge', { mb: Math.round(limitBytes / 1024 / 1024) }) }), 'file')
}

/** One spreadsheet: itself. A .zip: unpacked, then its workbook. A folder: its workbook. */
async function workbookOf(saved: SavedPart[], dir: string, limitBytes: number): Promise<UploadResult> {
  const bytes = saved.reduce((n, p) => n + p.bytes, 0)
  let rels = saved.map((p) => p.rel)
  if (saved.length === 1 && /\.zip$/i.test(saved[0].rel)) {
    const zip = saved[0]
    const into = path.join(dir, 'zip')
    rels = (await extractUploadedZip(zip.full, into, limitBytes)).map((r) => `zip/${r}`)
    await rm(zip.full, { force: true })
  } else if (saved.length === 1 && saved[0].single) {
    return { path: saved[0].full, bytes, others: [] }
  }
  const { workbook, others } = pickWorkbook(rels)
  if (!workbook) throw new AppError('invalid-input', coreText('app.field', { field: 'upload', why: coreText('app.uploadNoWorkbook', {}) }), 'file')
  return { path: path.join(dir, ...workbook.split('/')), bytes, others }
}
