/**
 * Issue 23 item 8: a rehearsal in the embedded sandbox must behave like the plan the user
 * states. With `--hospital-plan premium` rekap paces at 100 requests/s; the embedded sandbox
 * used to answer at the standard 20 (and with its 3,000-hit quota), so a premium rehearsal was
 * throttled by 429s the real premium service would never send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

const tmp = makeTempDir('rekap-sandbox-plan-')
let codes: string
let fewer: string
const codeFile = (name: string, n: number): string => {
  const file = join(tmp.dir, name)
  writeFileSync(file, ['Kode RS', ...Array.from({ length: n }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
  return file
}

beforeAll(() => {
  codes = codeFile('codes.csv', 300)
  fewer = codeFile('fewer.csv', 80)
})
afterAll(() => tmp.cleanup())

const summary = (err: string): { retries: number; backoffs: number } => {
  const m = /retries: (\d+); rate-limited by the service \(429\): (\d+) time/.exec(err)
  expect(m, err.slice(-1500)).not.toBeNull()
  return { retries: Number(m![1]), backoffs: Number(m![2]) }
}

describe('the embedded sandbox answers by the plan the job states', () => {
  it('premium: paced at 100/s, the sandbox sends no 429 (it used to hold it to the standard 20/s)', async () => {
    const r = await rekap(['run', codes, '--hospital-plan', 'premium', '--concurrency', '16', '--verbose', '--db', join(tmp.dir, 'p.db')])
    expect(r.code, r.err.slice(-1500)).toBe(0)
    expect(summary(r.err).backoffs).toBe(0)
  })

  it('standard: the same burst beyond 20/s is throttled (the sandbox still holds a standard plan to it)', async () => {
    const r = await rekap(['run', fewer, '--hospital-plan', 'standard', '--rps', '100', '--concurrency', '16', '--verbose', '--db', join(tmp.dir, 's.db')])
    expect(r.code, r.err.slice(-1500)).toBe(0)
    expect(summary(r.err).backoffs).toBeGreaterThan(0)
  })
})
