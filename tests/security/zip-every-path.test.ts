/**
 * Issue 24 items 7 and 9: the zip guard covers every path that opens a zip, not only the fast
 * reader. exceljs (JSZip) inflates a whole part before comparing its size, so the annotated copy and
 * `rekap verify` took 30 s and 1.7 GB on a 1.5 MB workbook whose xl/media/image1.png declares 1,000
 * bytes and inflates to 1.5 GB; an uploaded .zip of a few MB could write up to 4 GB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { deflatedZeros, lyingMediaWorkbook } from '../fixtures/builders/hostile-workbooks'
import { writeRawZip } from '../fixtures/builders/zip-surgery'
import { openStore } from '../../src-main/core/store'
import { checkWholeWorkbook } from '../../src-main/core/importers/whole-workbook-check'
import { writeAnnotatedCopy } from '../../src-main/core/export'
import { startUi, type RunningUi } from '../../src-main/browser/run-ui'
import { signIn } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
let lying: string
beforeAll(() => {
  tmp = makeTempDir('rekap-sec-zip-paths-')
  lying = join(tmp.dir, 'lying-media.xlsx')
  writeFileSync(lying, lyingMediaWorkbook(1536, 1000))
})
afterAll(() => tmp.cleanup())

/** `rekap ...args` under GNU time: exit code, output, seconds and peak memory (MB). */
function measuredRekap(args: string[]): Promise<{ code: number | null; out: string; seconds: number; peakMb: number }> {
  const started = performance.now()
  const child = spawn('/usr/bin/time', ['-f', 'peak-kb=%M', process.execPath, join(REPO_ROOT, 'bin', 'rekap.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      const kb = Number(/peak-kb=(\d+)/.exec(out)?.[1] ?? NaN)
      resolve({ code, out, seconds: (performance.now() - started) / 1000, peakMb: kb / 1024 })
    }),
  )
}

describe('issue 24.7: a part lying about its size is refused before exceljs sees it', () => {
  it('the shared check refuses at once, naming the part', async () => {
    const started = performance.now()
    await expect(checkWholeWorkbook(lying)).rejects.toThrow(/xl\/media\/image1\.png.*1000 bytes/)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('the annotated copy: refused quickly, naming the part, with low memory (main: 38.9 s, 1.72 GB)', async () => {
    const store = openStore(join(tmp.dir, 'annotated.db'))
    try {
      const job = store.jobs.create({ kind: 'hospital-lookup', inputFile: lying, sheet: 'Data', headers: ['Kode RS', 'Tanggal'], settings: {} } as never, Date.now())
      const rssBefore = process.resourceUsage().maxRSS / 1024
      const started = performance.now()
      await expect(writeAnnotatedCopy(store, job.id, { out: join(tmp.dir, 'copy.xlsx') })).rejects.toThrow(/image1\.png.*1000 bytes/)
      const seconds = (performance.now() - started) / 1000
      const grewMb = process.resourceUsage().maxRSS / 1024 - rssBefore
      console.log(`annotated copy refused in ${seconds.toFixed(2)} s; peak memory grew ${Math.round(grewMb)} MB`)
      expect(seconds).toBeLessThan(5)
      expect(grewMb).toBeLessThan(200)
      expect(existsSync(join(tmp.dir, 'copy.xlsx'))).toBe(false)
    } finally {
      store.close()
    }
  })

  it('rekap verify: refused quickly with low memory (main: 36 s, 1.76 GB, "Bug : uncompressed data size mismatch")', async () => {
    const r = await measuredRekap(['verify', lying])
    console.log(`verify: exit ${r.code} in ${r.seconds.toFixed(1)} s, peak ${Math.round(r.peakMb)} MB`)
    expect(r.out).toMatch(/lying-media\.xlsx/)
    expect(r.out).toMatch(/image1\.png/)
    expect(r.out).not.toMatch(/unexpected error|size mismatch/)
    expect(r.seconds).toBeLessThan(15)
    expect(r.peakMb).toBeLessThan(400)
  })
})

describe('issue 24.7: rekap compare reads report files through exceljs too', () => {
  it('refuses the lying workbook quickly, naming the part, with low memory', async () => {
    const r = await measuredRekap(['compare', lying, lying])
    console.log(`compare: exit ${r.code} in ${r.seconds.toFixed(1)} s, peak ${Math.round(r.peakMb)} MB`)
    expect(r.code, r.out).not.toBe(0)
    expect(r.out).toMatch(/lying-media\.xlsx/)
    expect(r.out).toMatch(/image1\.png/)
    expect(r.out).not.toMatch(/unexpected error|size mismatch/)
    expect(r.seconds).toBeLessThan(15)
    expect(r.peakMb).toBeLessThan(400)
  })
})

describe('issue 24.9: an uploaded .zip writes no more than an upload may hold', () => {
  let ui: RunningUi
  let auth: Record<string, string>
  beforeAll(async () => {
    const rendererDir = join(tmp.dir, 'renderer')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>rekap</title>')
    ui = await startUi({ dbFile: join(tmp.dir, 'data', 'rekap.db'), rendererDir, env: {} })
    auth = await signIn(ui.server.url)
  })
  afterAll(async () => ui?.close())

  it('a 600 KB zip of four honest 150 MB entries (600 MB, above the 512 MB upload limit) is refused, nothing written', async () => {
    const zeros = deflatedZeros(150)
    const entry = (name: string) => ({ name, method: 8, data: zeros, crc: 0, size: 150 * 1024 * 1024, flags: 0 })
    const zip = writeRawZip([entry('kyc/a.csv'), entry('kyc/b.csv'), entry('kyc/c.csv'), entry('kyc/data.csv')])
    expect(zip.length).toBeLessThan(1024 * 1024)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(zip)]), 'big.zip')
    const res = await fetch(`${ui.server.origin}/api/upload`, { method: 'POST', headers: auth, body: form })
    const json = (await res.json()) as { error?: { message: string } }
    const uploads = ui.app.ctx.paths.uploadsDir
    const written = existsSync(uploads) ? du(uploads) : 0
    expect(res.status, JSON.stringify(json)).toBe(400)
    expect(json.error?.message).toMatch(/lebih dari 512 MB yang boleh/) // the page's language (Indonesian by default)
    expect(written).toBe(0)
  })
})

/** Bytes in the files under a folder. */
function du(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? du(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0)
}
