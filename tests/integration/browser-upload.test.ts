/**
 * Browser mode's upload of a workbook with its photos: a folder (each part named by its relative
 * path) or a .zip, over real loopback HTTP. Relative paths are kept; nothing may land outside
 * the uploads folder; a .zip passes the same guards as a workbook's own zip.
 */
import { signIn } from '../security/helpers'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUi, type RunningUi } from '../../src-main/browser/run-ui'
import { safeRelativePath, pickWorkbook } from '../../src-main/browser/upload-paths'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

const KYC_DIR = join(REPO_ROOT, 'examples', 'kyc')
let tmp: ReturnType<typeof makeTempDir>
let ui: RunningUi
let uploads: string
let auth: Record<string, string>

async function upload(form: FormData): Promise<{ status: number; json: any }> {
  const res = await fetch(`${ui.server.origin}/api/upload`, { method: 'POST', headers: auth, body: form })
  return { status: res.status, json: await res.json() }
}

async function call(name: string, body: unknown): Promise<any> {
  const res = await fetch(`${ui.server.origin}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })
  return res.json()
}

function zipForm(zip: Buffer, name = 'kyc.zip'): FormData {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(zip)]), name)
  return form
}

/** Every file under a folder, relative, '/'-separated. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  )
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-upload-')
  const rendererDir = join(tmp.dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>rekap</title>')
  ui = await startUi({ dbFile: join(tmp.dir, 'data', 'rekap.db'), rendererDir, env: {} })
  // sign in as the page does: the one-time link's token, in the header, for the session secret
  auth = await signIn(ui.server.url)
  uploads = ui.app.ctx.paths.uploadsDir
})
afterAll(async () => {
  await ui?.close()
  tmp?.cleanup()
})

describe('folder upload', () => {
  it('keeps relative paths, so the workbook finds its photos', async () => {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(readFileSync(join(KYC_DIR, 'kyc-sample.xlsx')))]), 'kyc/kyc-sample.xlsx')
    for (const name of readdirSync(join(KYC_DIR, 'photos'))) {
      form.append('files', new Blob([new Uint8Array(readFileSync(join(KYC_DIR, 'photos', name)))]), `kyc/photos/${name}`)
    }
    const r = await upload(form)
    expect(r.status).toBe(200)
    expect(r.json.path.startsWith(uploads)).toBe(true)
    expect(r.json.path.endsWith(join('kyc', 'kyc-sample.xlsx'))).toBe(true)
    expect(existsSync(join(dirname(r.json.path), 'photos', 'ktp-01.jpg'))).toBe(true)
    const preview = await call('files.inspect', { path: r.json.path })
    expect(preview.suggestedKind).toBe('face-match')
  })

  it('refuses a part whose path leaves the folder, and keeps nothing of the upload', async () => {
    const before = filesUnder(uploads).length
    const form = new FormData()
    form.append('files', new Blob(['a,b\n1,2\n']), 'kyc/data.csv')
    form.append('files', new Blob(['owned']), 'kyc/../../../evil.txt')
    const r = await upload(form)
    expect(r.status).toBe(400)
    expect(r.json.error.message).toMatch(/keluar dari folder unggahan/) // in the app's language, Indonesian by default (issue 23 item 15)
    expect(filesUnder(uploads).length).toBe(before)
    expect(existsSync(join(dirname(uploads), 'evil.txt'))).toBe(false)
    expect(existsSync(join(uploads, 'evil.txt'))).toBe(false)
  })
})

describe('.zip upload', () => {
  it('unpacks the workbook and its photos, relative paths kept', async () => {
    const zip = new JSZip()
    zip.file('kyc/kyc-sample.xlsx', readFileSync(join(KYC_DIR, 'kyc-sample.xlsx')))
    for (const name of readdirSync(join(KYC_DIR, 'photos'))) zip.file(`kyc/photos/${name}`, readFileSync(join(KYC_DIR, 'photos', name)))
    zip.file('__MACOSX/kyc/._kyc-sample.xlsx', 'junk')
    const r = await upload(zipForm(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })))
    expect(r.status).toBe(200)
    expect(r.json.path.endsWith(join('kyc', 'kyc-sample.xlsx'))).toBe(true)
    expect(readFileSync(join(dirname(r.json.path), 'photos', 'selfie-01.jpg')).equals(readFileSync(join(KYC_DIR, 'photos', 'selfie-01.jpg')))).toBe(true)
    const preview = await call('files.inspect', { path: r.json.path })
    expect(preview.mapping).toMatchObject({ image1: 'Foto KTP', image2: 'Foto Selfie' })
  })

  it('refuses an entry that climbs out with ../ and writes nothing', async () => {
    const before = filesUnder(uploads).length
    const zip = new JSZip()
    zip.file('kyc/data.csv', 'a,b\n1,2\n')
    zip.file('../../escaped.txt', 'owned')
    const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
    expect(buf.includes(Buffer.from('../../escaped.txt'))).toBe(true) // the name really is in the zip
    const r = await upload(zipForm(buf))
    expect(r.status).toBe(400)
    expect(r.json.error.message).toMatch(/menunjuk ke luar folder/)
    expect(filesUnder(uploads).length).toBe(before)
    expect(existsSync(join(dirname(uploads), 'escaped.txt'))).toBe(false)
  })

  it('refuses a zip-bomb-like entry by its declared size (the workbook guard)', async () => {
    const zip = new JSZip()
    zip.file('kyc/data.csv', Buffer.alloc(64 * 1024, 48))
    const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
    // declare 300 MB inflated in the central directory (a bomb announces itself there)
    const cd = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    buf.writeUInt32LE(300 * 1024 * 1024, cd + 24)
    const r = await upload(zipForm(buf))
    expect(r.status).toBe(400)
    expect(r.json.error.message).toMatch(/bom zip/)
  })

  it('refuses a .zip with no workbook in it', async () => {
    const zip = new JSZip()
    zip.file('photos/ktp-01.jpg', readFileSync(join(KYC_DIR, 'photos', 'ktp-01.jpg')))
    const r = await upload(zipForm(await zip.generateAsync({ type: 'nodebuffer' })))
    expect(r.status).toBe(400)
    expect(r.json.error.message).toMatch(/tidak ada buku kerja \.xlsx atau \.csv/)
  })
})

describe('upload path rules', () => {
  it('keeps names, refuses escapes', () => {
    const root = join(tmp.dir, 'root')
    expect(safeRelativePath(root, 'kyc/photos/ktp 01.jpg')).toBe(join(root, 'kyc', 'photos', 'ktp 01.jpg'))
    expect(safeRelativePath(root, 'kyc\\photos\\a.jpg')).toBe(join(root, 'kyc', 'photos', 'a.jpg'))
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:/Windows/x', 'c:x', 'a/\u0000b', '', './', '..']) {
      expect(safeRelativePath(root, bad), bad).toBeNull()
    }
  })
  it('picks the workbook nearest the top, skipping lock files and macOS debris', () => {
    expect(pickWorkbook(['kyc/photos/a.jpg', 'kyc/old/v1.xlsx', 'kyc/~$kyc.xlsx', '__MACOSX/kyc/._kyc.xlsx', 'kyc/kyc.xlsx'])).toEqual({
      workbook: 'kyc/kyc.xlsx',
      others: ['kyc/old/v1.xlsx'],
    })
  })
})

describe('browser mode settings', () => {
  it('saves the form as shown (its exports folder is the data folder default); a folder elsewhere is refused', async () => {
    const view = await call('settings.get', {})
    const saved = await call('settings.save', { dataDir: view.dataDir, concurrency: 1 })
    expect(saved.error, JSON.stringify(saved.error)).toBeUndefined()
    expect(saved.concurrency).toBe(1)
    const elsewhere = await call('settings.save', { dataDir: join(tmp.dir, 'not-allowed') })
    expect(elsewhere.error?.message).toMatch(/ekspor masuk ke folder data/)
  })
})
