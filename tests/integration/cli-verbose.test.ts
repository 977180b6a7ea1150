import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

const tmp = makeTempDir('rekap-verbose-')
let sandbox: SandboxProcess
let codes: string

beforeAll(async () => {
  // the sandbox's standard hospital plan: 20 requests/s; rekap is told to go at 200 with 16 in flight
  sandbox = await startSandboxProcess()
  codes = join(tmp.dir, 'codes.csv')
  writeFileSync(codes, ['Kode RS', ...Array.from({ length: 160 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
})
afterAll(async () => {
  await sandbox?.stop()
  tmp.cleanup()
})

describe('--verbose reports retries and 429 back-offs', () => {
  it('logs each back-off and ends with the counts and the time waited', async () => {
    const r = await rekap(['run', codes, '--base-url', sandbox.url, '--key', sandbox.key, '--rps', '200', '--concurrency', '16', '--verbose', '--db', join(tmp.dir, 'v.db'), '--yes'])
    expect(r.code).toBe(0)
    const events = r.err.split('\n').filter((l) => /rate-limited \(429\), retry in [\d,]+ ms/.test(l))
    expect(events.length).toBeGreaterThan(0)
    const summary = /retries: (\d+); rate-limited by the service \(429\): (\d+) time\(s\), (\S+) of back-off summed over rows/.exec(r.err)
    expect(summary, r.err.slice(-2000)).not.toBeNull()
    expect(Number(summary![2])).toBe(events.length)
    expect(Number(summary![1])).toBeGreaterThanOrEqual(Number(summary![2]))
    expect(r.err).not.toContain(sandbox.key)
  })

  it('says nothing of it without --verbose', async () => {
    const r = await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--db', join(tmp.dir, 'q.db')])
    expect(r.code).toBe(0)
    expect(r.err).not.toMatch(/retries:/)
  })
})
