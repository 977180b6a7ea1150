/**
 * Items 7 (CLI part) and 4 (CLI part): `--key` put the key in the process list; the key could be
 * sent over plain http to any host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'
import { rekap } from './helpers'

const KEY = 'rk-live-PROCESS-LIST-5b1e8f0c2a'
let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let codes: string

beforeAll(async () => {
  tmp = makeTempDir('rekap-sec-key-')
  writeFileSync(join(tmp.dir, 'key.txt'), KEY + '\n')
  // latency keeps the run going long enough to look at the process list during it; the sandbox
  // takes its accepted key from the same file, so no process at all may show it
  sandbox = await startSandboxProcess({ key: KEY, keyArgs: ['--key-file', join(tmp.dir, 'key.txt')], args: ['--hospital-plan', 'premium', '--latency', '150'] })
  codes = join(tmp.dir, 'codes.csv')
  writeFileSync(codes, ['Kode RS', ...generateHospitals(1, loadRegionTree()).slice(0, 12).map((h) => h.code)].join('\n'))
}, 60_000)
afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

/** Every process's command line on this machine, the sandbox's included. */
function commandLines(): string[] {
  const out: string[] = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      out.push(readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' '))
    } catch {
      // gone already
    }
  }
  return out
}

describe('the API key stays out of process arguments', () => {
  it('--key-file: the run succeeds and no process shows the key at any time', async () => {
    const running = rekap(['run', codes, '--base-url', sandbox.url, '--key-file', join(tmp.dir, 'key.txt'), '--yes', '--concurrency', '1', '--rps', '4', '--db', join(tmp.dir, 'file.db')])
    let looks = 0
    let seen = false
    let done = false
    void running.then(() => (done = true))
    while (!done) {
      if (commandLines().some((c) => c.includes(KEY))) seen = true
      looks++
      await new Promise((r) => setTimeout(r, 25))
    }
    const r = await running
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/12\/12/)
    expect(looks).toBeGreaterThan(5)
    expect(seen).toBe(false)
    expect(r.out).not.toContain(KEY)
  })

  it('--key - reads standard input; --key KEY still works but warns', async () => {
    const piped = await rekap(['run', codes, '--base-url', sandbox.url, '--key', '-', '--yes', '--db', join(tmp.dir, 'stdin.db'), '--rps', '50'], { input: KEY + '\n' })
    expect(piped.code, piped.out).toBe(0)
    expect(piped.stderr).not.toMatch(/warning/)
    const flagRun = rekap(['run', codes, '--base-url', sandbox.url, '--key', KEY, '--yes', '--concurrency', '1', '--rps', '4', '--db', join(tmp.dir, 'flag.db')])
    // the scan does see a key given as an argument (so its silence above means something)
    let seen = false
    let done = false
    void flagRun.then(() => (done = true))
    while (!done && !seen) {
      seen = commandLines().some((c) => c.includes(KEY))
      await new Promise((r) => setTimeout(r, 25))
    }
    expect(seen).toBe(true)
    const flag = await flagRun
    expect(flag.code, flag.out).toBe(0)
    expect(flag.stderr).toMatch(/warning: --key puts the API key in the process list.*--key-file/)
  })
})

describe('the key goes only over https to a host that is not this machine (CLI)', () => {
  it('refuses --base-url http://<remote host> before anything is read or sent', async () => {
    const r = await rekap(['run', codes, '--base-url', 'http://rekap.invalid', '--key-file', join(tmp.dir, 'key.txt'), '--dry-run', '--db', join(tmp.dir, 'http.db')])
    expect(r.code, r.out).toBe(2)
    expect(r.out).toMatch(/https:\/\/rekap\.invalid/)
  })
})
