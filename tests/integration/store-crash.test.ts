import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { openStore } from '../../src-main/core/store'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

/** Starts the hammer, waits until it has written some rows, then SIGKILLs it. */
async function killMidWrite(file: string, afterMs: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'tests/integration/fixtures/store-hammer.ts'), file, '200000'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (out.includes('writing')) {
        clearInterval(poll)
        setTimeout(resolve, afterMs)
      }
    }, 5)
  })
  child.kill('SIGKILL')
  await new Promise((r) => child.once('exit', r))
  expect(out).not.toContain('finished')
  return /job (\S+)/.exec(out)![1]
}

describe('store survives kill -9 mid-write', () => {
  it('leaves a consistent file: integrity ok, every charged row has exactly one ledger line', async () => {
    const tmp = makeTempDir()
    try {
      for (const delay of [50, 200, 450]) {
        const file = join(tmp.dir, `crash-${delay}.sqlite`)
        const jobId = await killMidWrite(file, delay)
        const store = openStore(file)
        try {
          expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok')
          const c = store.rows.counts(jobId)
          expect(c.done).toBeGreaterThan(0)
          expect(c.done + c.pending + c.inFlight).toBe(200000)
          expect(c.inFlight).toBeLessThanOrEqual(1)
          expect(store.usage.chargedCalls(jobId)).toBe(c.charged)
          expect(store.usage.chargedPoints(jobId)).toBe(c.charged * 400)
          expect(store.usage.hitsThisMonth('face-match', Date.now())).toBe(c.done)
          // Recovery: what was in flight is now uncertain, nothing else moved.
          store.rows.recoverInFlight(jobId, true)
          expect(store.rows.counts(jobId).inFlight).toBe(0)
        } finally {
          store.close()
        }
      }
    } finally {
      tmp.cleanup()
    }
  })
})
