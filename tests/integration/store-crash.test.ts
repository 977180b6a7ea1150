import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { openStore } from '../../src-main/core/store'
import { createEngine } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
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
          // The killed writer's job is interrupted; looking at it changes nothing. Its next owner
          // recovers it first: what was in flight becomes uncertain (it may have been charged).
          const engine = createEngine({ store, ctx: defaultContext(), picturesDir: join(tmp.dir, 'pictures'), resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'none', sandbox: false }) })
          expect(engine.interruptedJobs()).toEqual([jobId])
          expect(store.rows.counts(jobId).inFlight).toBe(c.inFlight)
          await engine.cancel(jobId)
          const after = store.rows.counts(jobId)
          expect(after).toMatchObject({ inFlight: 0, uncertain: c.uncertain + c.inFlight, done: c.done, charged: c.charged })
          expect(store.jobs.get(jobId)!.state).toBe('cancelled')
          expect(store.leases.get(jobId)).toBeUndefined()
          await engine.close()
        } finally {
          store.close()
        }
      }
    } finally {
      tmp.cleanup()
    }
  })
})
