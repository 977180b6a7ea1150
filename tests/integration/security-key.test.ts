import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import JSZip from 'jszip'
import { startSandboxProcess, REPO_ROOT, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'

const KEY = 'rk-live-SECRET-7f3a9c21d4e8b6a0'
const WRONG = 'rk-live-WRONG-0000aaaa1111bbbb'
let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

function rekap(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })))
}

/** Every byte rekap left on disk in this folder, as text (SQLite file, its WAL, reports unzipped). */
async function everythingWritten(dir: string): Promise<string> {
  let all = ''
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, f)
    let data: Buffer
    try {
      data = readFileSync(path)
    } catch {
      continue // a folder
    }
    all += data.toString('latin1')
    if (f.endsWith('.xlsx')) {
      const zip = await JSZip.loadAsync(data)
      for (const entry of Object.values(zip.files)) if (!entry.dir) all += await entry.async('string')
    }
  }
  return all
}

beforeAll(async () => {
  tmp = makeTempDir()
  sandbox = await startSandboxProcess({ key: KEY, args: ['--hospital-plan', 'premium'] })
  const codes = generateHospitals(1, loadRegionTree()).slice(0, 20).map((h) => h.code)
  writeFileSync(join(tmp.dir, 'codes.csv'), ['Kode RS', ...codes, 'NOPE001'].join('\n'))
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('the API key never leaves the process in clear', () => {
  it('not in the output (even --verbose), the SQLite file or the report, whether given by flag or env', async () => {
    const work = join(tmp.dir, 'ok')
    const byFlag = await rekap(['run', join(tmp.dir, 'codes.csv'), '--base-url', sandbox.url, '--key', KEY, '--db', join(work, 'rekap.db'), '--out', join(work, 'report.xlsx'), '--yes', '--verbose'])
    expect(byFlag.code, byFlag.out).toBe(0)
    expect(byFlag.out).toMatch(/21\/21 rows/)
    const byEnv = await rekap(['run', join(tmp.dir, 'codes.csv'), '--base-url', sandbox.url, '--db', join(work, 'rekap.db'), '--out', join(work, 'report-2.xlsx'), '--yes', '--json'], { REKAP_API_KEY: KEY })
    expect(byEnv.code, byEnv.out).toBe(0)
    const exported = await rekap(['export', JSON.parse(byEnv.out.trim().split('\n').pop()!).jobId, '--db', join(work, 'rekap.db'), '--out', join(work, 'again.csv'), '--format', 'csv'])
    expect(exported.code, exported.out).toBe(0)
    for (const out of [byFlag.out, byEnv.out, exported.out]) expect(out).not.toContain(KEY)
    const disk = await everythingWritten(work)
    expect(disk).toContain('NOPE001') // the scan does read the files
    expect(disk).not.toContain(KEY)
  }, 180_000)

  it('a refused key blocks the job (exit 3) and the message does not repeat the key', async () => {
    const work = join(tmp.dir, 'wrong')
    const r = await rekap(['run', join(tmp.dir, 'codes.csv'), '--base-url', sandbox.url, '--key', WRONG, '--db', join(work, 'rekap.db'), '--yes', '--verbose'])
    expect(r.code, r.out).toBe(3)
    expect(r.out).toMatch(/BLOCKED \(auth-failed\)/)
    expect(r.out).not.toContain(WRONG)
    expect(await everythingWritten(work)).not.toContain(WRONG)
  }, 120_000)

  it('an unreachable service blocks as offline; nothing about the key in what is printed', async () => {
    const work = join(tmp.dir, 'offline')
    const r = await rekap(['run', join(tmp.dir, 'codes.csv'), '--base-url', 'http://127.0.0.1:9', '--key', KEY, '--db', join(work, 'rekap.db'), '--yes', '--verbose'])
    expect(r.code, r.out).toBe(3)
    expect(r.out).toMatch(/BLOCKED \(offline\)/)
    expect(r.out).not.toContain(KEY)
  }, 300_000)
})
