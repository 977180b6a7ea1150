/**
 * A directory job's plan asks the service: one first-page probe per query (up to MAX_PROBES), each
 * a hit counted against the month's quota. `rekap watch` stopped (SIGTERM) while those probes were
 * being sent went on sending them to the last one. Now the stop ends the probing: at most the probe
 * already on the wire when the signal came reaches the service; the plan is stored with what was
 * answered (the rest estimated like any query past the probe limit), the job is left ready with the
 * watcher's note, and `rekap resume` finishes it without asking a probed first page again.
 * `rekap run` interrupted (SIGINT) during the probes: the same, nothing more after the signal.
 * Real `rekap watch` / `rekap run` / `rekap resume` processes, a real SQLite store, the real
 * sandbox; the probes are paced at 1 a second so the window is wide, and the signal is sent once
 * the sandbox has seen the first probe (a state, not a time).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { startWatch, until } from '../helpers/watch-process'
import { rekap, startRekap } from '../helpers/rekap-process'
import { peek } from '../helpers/store-peek'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

beforeAll(async () => {
  tmp = makeTempDir('rekap-watch-stop-dir-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

/** 20 different queries (province × class): more than the plan probes, each its own first page. */
const QUERIES = ['31', '32', '33', '35', '51'].flatMap((p) => ['A', 'B', 'C', 'D'].map((c) => `${p},${c}`))
const WORKBOOK = `Kode Provinsi,Kelas\n${QUERIES.join('\n')}\n`

/** The hospital directory's search requests (a page of a query: the sandbox logs the path, not the query) since `from`. */
async function searches(from = 0): Promise<Array<{ path: string; at: number }>> {
  const all = (await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ path: string; at: number }>
  return all.slice(from).filter((r) => /^\/hospitals\/indonesia\/?$/.test(r.path))
}

async function requestCount(): Promise<number> {
  return ((await sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length
}

function jobOf(db: string, input: string): { id: string; state: string } | undefined {
  if (!existsSync(db)) return undefined
  try {
    return peek<{ id: string; state: string }>(db, `SELECT id, state FROM jobs WHERE input_name = '${input}' ORDER BY created_at DESC LIMIT 1`)
  } catch {
    return undefined // the store not created yet
  }
}

describe('rekap watch stopped while a directory plan sends its page probes', () => {
  it('SIGTERM: no probe after the one in flight, the job left ready with the note; rekap resume finishes it, each page asked once in all', async () => {
    const dir = join(tmp.dir, 'watch')
    const db = join(tmp.dir, 'watch.db')
    mkdirSync(dir, { recursive: true })
    const saved = await rekap(['preset', 'save', 'd', '--kind', 'hospital-directory', '--base-url', sandbox.url, '--rps', '1', '--concurrency', '1', '--db', db])
    expect(saved.code, saved.out + saved.err).toBe(0)
    const from = await requestCount()
    writeFileSync(join(dir, 'rs.csv'), WORKBOOK)
    const w = startWatch([dir, '--preset', 'd', '--db', db, '--key', sandbox.key, '--settle-ms', '200'])
    try {
      await until('the plan to send its first page probe', async () => (await searches(from)).length > 0, w.out)
      w.child.kill('SIGTERM')
      const atSignal = (await searches(from)).length
      await until('the watcher to exit', () => w.ended(), w.out)
      const after = (await searches(from)).length - atSignal
      // (the defect: the other probes, up to MAX_PROBES, were still sent)
      expect(after, `page probes that reached the sandbox after the SIGTERM (${atSignal} before it):\n${w.out()}`).toBeLessThanOrEqual(1)
      expect(await w.exited, w.out()).toBe(0)
    } finally {
      if (!w.ended()) w.child.kill('SIGKILL')
      await w.exited
    }
    const job = jobOf(db, 'rs.csv')!
    expect(['ready', 'paused'], w.out()).toContain(job.state)
    const note = readFileSync(join(dir, 'proses', 'rs.csv.menunggu.txt'), 'utf8')
    expect(note).toContain(`rekap resume ${job.id}`)
    expect(note).toContain(`rekap watch ${dir}`)

    const resumed = await rekap(['resume', job.id, '--db', db, '--key', sandbox.key])
    expect(resumed.code, resumed.out + resumed.err).toBe(0)
    expect(jobOf(db, 'rs.csv')?.state).toBe('done')
    // each page of each page asked once in all: the pages the rows went through, the probed
    // first pages not asked again by the resume
    const pages = peek<{ pages: number }>(db, "SELECT sum(max(1, json_extract(progress_json, '$.totalPage'))) AS pages FROM job_rows")!.pages
    expect(pages).toBeGreaterThanOrEqual(QUERIES.length)
    expect((await searches(from)).length, resumed.out).toBe(pages)
  }, 180_000)
})

describe('rekap run interrupted while its directory plan sends its page probes', () => {
  it('SIGINT: no probe after the one in flight; the job is kept', async () => {
    const db = join(tmp.dir, 'run.db')
    const file = join(tmp.dir, 'rs-run.csv')
    writeFileSync(file, WORKBOOK)
    const from = await requestCount()
    const args = ['run', file, '--kind', 'hospital-directory', '--base-url', sandbox.url, '--key', sandbox.key, '--rps', '1', '--concurrency', '1', '--yes', '--db', db]
    const r = startRekap(args)
    const out = (): string => r.out() + r.err()
    await until('the plan to send its first page probe', async () => (await searches(from)).length > 0, out)
    r.child.kill('SIGINT')
    const atSignal = (await searches(from)).length
    await r.closed
    const after = (await searches(from)).length - atSignal
    expect(after, `page probes that reached the sandbox after the SIGINT (${atSignal} before it):\n${out()}`).toBeLessThanOrEqual(1)
    expect(jobOf(db, 'rs-run.csv'), out()).toBeDefined()
  }, 180_000)
})
