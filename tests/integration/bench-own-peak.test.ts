/**
 * Issue 27: the benches took a child's peak memory from `process.resourceUsage().maxRSS`, which on
 * Linux starts from the RSS the child had as a fork of its parent: a bench that had just written
 * its inputs (a big parent) printed its own high-water mark for every child (a 296 MB plan read
 * 445 MB). Each bench child now reads its own VmHWM (bench/vmhwm.mjs). Here the parent holds 400 MB
 * while it spawns: the child's own peak must be its own.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { ownPeakRss } from '../../bench/own-peak-rss'

const ROOT = resolve(__dirname, '../..')
const MB = 1048576
const BIG = 400 * MB

/** Runs node with args while this process holds `ballast` (touched pages); stdout and stderr. */
function spawnWhileBig(args: string[], ballast: Buffer): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d))
    child.on('close', (code) => done({ code, out, err }))
    ballast[ballast.length - 1] = 1 // still held when the child starts
  })
}

describe('a bench child reports its own peak memory, not its parent\'s', () => {
  const ballast = Buffer.alloc(BIG, 7)
  afterAll(() => ballast.fill(0, 0, 1))

  it('the parent is big: maxRSS in a plain child reads the parent\'s high-water mark (why VmHWM)', async () => {
    // VmHWM is read from /proc/self/status: the benches measure on Linux, as CI does
    expect(ownPeakRss(), 'no /proc/self/status here: the benches\' own peak needs Linux').not.toBeNull()
    expect(ownPeakRss()!).toBeGreaterThan(BIG)
    const r = await spawnWhileBig(['-e', 'process.stdout.write(JSON.stringify([process.resourceUsage().maxRSS * 1024, process.memoryUsage().rss]))'], ballast)
    const [maxRss, rss] = JSON.parse(r.out) as number[]
    console.log(`plain child: maxRSS ${Math.round(maxRss / MB)} MB, its RSS ${Math.round(rss / MB)} MB`)
    expect(rss).toBeLessThan(150 * MB)
    expect(maxRss).toBeGreaterThan(BIG)
  })

  it('bench/import.ts --measure prints the child\'s own peak (before: the parent\'s 400 MB)', async () => {
    const file = join(ROOT, 'examples/kyc/kyc-sample.xlsx')
    const r = await spawnWhileBig(['--import', 'tsx', join(ROOT, 'bench/import.ts'), '--measure', 'rekap', file], ballast)
    expect(r.code, r.err).toBe(0)
    const line = JSON.parse(r.out.trim().split('\n').pop()!) as { rows: number; peakRssMb: number }
    console.log(`bench/import.ts child: ${line.rows} rows, peak ${Math.round(line.peakRssMb)} MB`)
    expect(line.rows).toBeGreaterThan(0)
    expect(line.peakRssMb).toBeLessThan(300)
  })

  it('bench/own-peak-probe.mjs tells a process\'s own peak and CPU at its exit', async () => {
    const grow = 'const b = Buffer.alloc(64 * 1048576, 1); b[0] = 2'
    const r = await spawnWhileBig(['--import', join(ROOT, 'bench/own-peak-probe.mjs'), '-e', grow], ballast)
    const m = /REKAP_OWN_PEAK (\d+) (\S+)/.exec(r.err)
    expect(m, r.err).not.toBeNull()
    const peak = Number(m![1])
    expect(peak).toBeGreaterThan(64 * MB)
    expect(peak).toBeLessThan(250 * MB)
    expect(Number(m![2])).toBeGreaterThan(0)
  })
})
