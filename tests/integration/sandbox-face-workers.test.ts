/**
 * REKAP_SANDBOX_FACE_WORKERS (issue 27): a `rekap sandbox` holds one copy of the face models per
 * worker thread. The setting must change what the process really runs, say so at start, and a bad
 * value must stop a run before it makes a job.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

const tmp = makeTempDir('rekap-face-workers-')
const started: SandboxProcess[] = []
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()))
  tmp.cleanup()
})

const photo = (name: string): Blob => new Blob([readFileSync(join(REPO_ROOT, 'examples/kyc/photos', name))], { type: 'image/jpeg' })

/** One answered pair: the sandbox loads its face engine on the first one. */
async function verifyOnePair(sb: SandboxProcess): Promise<number> {
  const form = new FormData()
  form.append('image1', photo('ktp-01.jpg'), 'ktp-01.jpg')
  form.append('image2', photo('selfie-01.jpg'), 'selfie-01.jpg')
  const res = await fetch(`${sb.url}/face-match/verify`, { method: 'POST', headers: { 'x-api-service-id': sb.key }, body: form })
  await res.arrayBuffer()
  return res.status
}

/**
 * The process's Node threads (worker threads among them) and peak memory, as `top -H` and `/proc` show
 * them to a desk. libvips's own pool (threads named "libvips worker") is left out: it grows with the
 * images sharp decodes, as libvips decides, not with this setting.
 */
function threadsAndPeak(pid: number): { threads: number; peakMb: number } {
  const names = readdirSync(`/proc/${pid}/task`).map((t) => readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim())
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return { threads: names.filter((n) => !n.startsWith('libvips')).length, peakMb: Number(/^VmHWM:\s+(\d+)/m.exec(status)![1]) / 1024 }
}

describe('REKAP_SANDBOX_FACE_WORKERS', () => {
  it('1 against 3: the start says so, and after a pair the process runs exactly two threads fewer in less memory', async () => {
    const [one, three] = await Promise.all(['1', '3'].map((n) => startSandboxProcess({ env: { REKAP_SANDBOX_FACE_WORKERS: n } })))
    started.push(one, three)
    expect(one.output()).toContain('face engine: 1 worker thread, each with its own copy of the models')
    expect(three.output()).toContain('face engine: 3 worker threads, each with its own copy of the models')
    // one at a time: each engine loads with a core to itself
    expect(await verifyOnePair(one)).toBe(200)
    expect(await verifyOnePair(three)).toBe(200)
    const a = threadsAndPeak(one.child.pid!)
    const b = threadsAndPeak(three.child.pid!)
    expect(b.threads - a.threads, JSON.stringify({ a, b })).toBe(2)
    expect(a.peakMb, JSON.stringify({ a, b })).toBeLessThan(b.peakMb)
  })

  it('a bad value: `rekap sandbox` and `rekap run` exit 2 naming it, and the run made no job', async () => {
    const sb = await rekap(['sandbox', '--port', '0'], { REKAP_SANDBOX_FACE_WORKERS: 'dua' })
    expect(sb.code).toBe(2)
    expect(sb.err).toContain('REKAP_SANDBOX_FACE_WORKERS must be a whole number from 1 to 64, got "dua"')
    const db = join(tmp.dir, 'rekap.db')
    const run = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--yes', '--db', db, '--out', join(tmp.dir, 'r.xlsx')], { REKAP_SANDBOX_FACE_WORKERS: '0' })
    expect(run.code, run.out + run.err).toBe(2)
    expect(run.err).toContain('REKAP_SANDBOX_FACE_WORKERS must be a whole number from 1 to 64, got "0"')
    expect(run.err).not.toMatch(/unexpected error/)
    const jobs = await rekap(['jobs', '--db', db, '--json'])
    expect(jobs.code).toBe(0)
    expect(JSON.parse(jobs.out)).toEqual([])
  })
})
