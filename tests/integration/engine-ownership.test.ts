import { describe, expect, it, onTestFinished } from 'vitest'
import type { ProgressView } from '../../src-main/contract/ipc'
import { readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { useSandboxEngine } from '../helpers/sandbox-engine'
import { dumpStore } from '../helpers/store-dump'
import { createEngine, ActionRefusedError, JobOwnedError } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
import { leaseFor } from '../../src-main/core/model/lease-rules'

// Slow answers so a job is still running while another engine acts on it.
const rig = useSandboxEngine({ sandbox: { args: ['--hospital-plan', 'premium', '--latency', '120'] } })

function codesFile(name: string, n: number, bad = 0): string {
  const file = join(rig.dir, name)
  const rows = Array.from({ length: n }, (_, i) => `NOPE-${i + 1}`)
  for (let i = 0; i < bad; i++) rows.push(`bad code ${i}!`)
  writeFileSync(file, ['Kode RS', ...rows].join('\n'))
  return file
}

/** A second engine on the same store file: what the desktop app is to a CLI run. */
function secondEngine() {
  return createEngine({
    store: rig.harness.store,
    ctx: defaultContext(),
    picturesDir: join(rig.dir, 'pictures'),
    progressIntervalMs: 50,
    resolveTarget: async (s) => ({ baseUrl: s.baseUrl, apiKey: rig.sandbox.key, source: 'sandbox-process', sandbox: false }),
  })
}

/** Start time of a process as /proc tells it (what a lease records for its owner). */
function procStart(pid: number): number {
  const btime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))![1]) * 1000
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return btime + Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) * 10
}

async function waitFor<T>(get: () => T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = get()
    if (ok(v)) return v
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('one owner per job; actions checked before anything changes', () => {
  it('retry-failed on a cancelled job is refused and the store stays exactly as it was (defect 2)', async () => {
    const plan = await rig.harness.engine.plan({ file: codesFile('cancelled.csv', 2, 2), kind: 'hospital-lookup', settings: rig.harness.settings() })
    expect(plan.rowsFailingLocally).toBe(2)
    await rig.harness.engine.cancel(plan.jobId)
    expect(rig.harness.engine.progress(plan.jobId).actions).toEqual(['export'])
    const before = dumpStore(rig.harness.store.db)
    await expect(rig.harness.engine.retryFailed(plan.jobId)).rejects.toThrow(ActionRefusedError)
    await expect(rig.harness.engine.retryFailed(plan.jobId)).rejects.toThrow(/was cancelled/)
    await expect(rig.harness.engine.start(plan.jobId)).rejects.toThrow(ActionRefusedError)
    await expect(rig.harness.engine.pause(plan.jobId)).rejects.toThrow(ActionRefusedError)
    expect(dumpStore(rig.harness.store.db)).toEqual(before)
  })

  it('a job another live process owns is refused naming that process, and nothing changes (defect 1)', async () => {
    const plan = await rig.harness.engine.plan({ file: codesFile('owned.csv', 3), kind: 'hospital-lookup', settings: rig.harness.settings() })
    rig.harness.store.jobs.transition(plan.jobId, 'running', Date.now())
    // The sandbox child is a live process on this host: make it the job's owner.
    const pid = rig.sandbox.child.pid!
    const lease = leaseFor(plan.jobId, { ownerId: `${hostname()}:${pid}:x`, host: hostname(), pid, processStartedAt: procStart(pid) }, Date.now())
    rig.harness.store.db
      .prepare('INSERT INTO job_leases (job_id, owner_id, host, pid, process_started_at, acquired_at, heartbeat_at, expires_at) VALUES (?,?,?,?,?,?,?,?)')
      .run(lease.jobId, lease.ownerId, lease.host, lease.pid, lease.processStartedAt, lease.acquiredAt, lease.heartbeatAt, lease.expiresAt)
    expect(rig.harness.engine.progress(plan.jobId)).toMatchObject({ state: 'running', owner: { pid, self: false }, actions: ['pause', 'cancel', 'export'] })
    const before = dumpStore(rig.harness.store.db)
    const err = await rig.harness.engine.start(plan.jobId).catch((e) => e)
    expect(err).toBeInstanceOf(JobOwnedError)
    expect(err.message).toContain(`pid ${pid} on host ${hostname()} since`)
    await expect(rig.harness.engine.retryFailed(plan.jobId)).rejects.toThrow(ActionRefusedError)
    await expect(rig.harness.engine.resendUncertain(plan.jobId)).rejects.toThrow(ActionRefusedError)
    expect(dumpStore(rig.harness.store.db)).toEqual(before)
    // A pause from here is a request to the owner, not a change of the job.
    await rig.harness.engine.pause(plan.jobId)
    expect(rig.harness.store.jobs.get(plan.jobId)!.state).toBe('running')
    expect(rig.harness.store.leases.get(plan.jobId)!.request).toBe('pause')
    rig.harness.store.db.prepare('DELETE FROM job_leases WHERE job_id = ?').run(plan.jobId)
  })

  it('a job whose owner died is interrupted; only the new owner recovers its rows, as its first act', async () => {
    const plan = await rig.harness.engine.plan({ file: codesFile('dead.csv', 4), kind: 'hospital-lookup', settings: rig.harness.settings() })
    rig.harness.store.jobs.transition(plan.jobId, 'running', Date.now())
    rig.harness.store.rows.markInFlight(plan.jobId, 1, Date.now())
    // an owner on this host whose process is gone (pid 2^22 + 1 is above Linux's pid_max)
    const dead = leaseFor(plan.jobId, { ownerId: 'gone', host: hostname(), pid: 4_194_305, processStartedAt: 1 }, Date.now())
    rig.harness.store.db
      .prepare('INSERT INTO job_leases (job_id, owner_id, host, pid, process_started_at, acquired_at, heartbeat_at, expires_at) VALUES (?,?,?,?,?,?,?,?)')
      .run(dead.jobId, dead.ownerId, dead.host, dead.pid, dead.processStartedAt, dead.acquiredAt, dead.heartbeatAt, dead.expiresAt)
    const list = rig.harness.engine.listJobs().find((j) => j.id === plan.jobId)!
    expect(list).toMatchObject({ state: 'interrupted', interrupted: true })
    expect(list.actions).toContain('resume')
    expect(rig.harness.engine.interruptedJobs()).toContain(plan.jobId)
    // looking at it changes nothing: the row is still in flight until someone takes the job
    expect(rig.harness.store.rows.get(plan.jobId, 1)!.state).toBe('in-flight')
    await rig.harness.engine.start(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    expect(end.counts).toMatchObject({ inFlight: 0, pending: 0, failed: 4 })
    expect(rig.harness.store.leases.get(plan.jobId)).toBeUndefined()
  }, 60_000)

  it('pause and cancel from another engine are requests the owner obeys within a second (defect 1)', async () => {
    const other = secondEngine()
    try {
      const plan = await rig.harness.engine.plan({ file: codesFile('remote-stop.csv', 80), kind: 'hospital-lookup', settings: rig.harness.settings({ concurrency: 2 }) })
      let last: ProgressView | null = null
      const off = rig.harness.engine.onProgress((p) => p.jobId === plan.jobId && (last = p))
      onTestFinished(off)
      await rig.harness.engine.start(plan.jobId)
      await waitFor(() => rig.harness.store.rows.counts(plan.jobId), (c) => c.failed >= 2)
      // the other engine may not run it, and says who does
      await expect(other.start(plan.jobId)).rejects.toThrow(JobOwnedError)
      const asked = Date.now()
      const p = await other.pause(plan.jobId)
      expect(p.owner).toMatchObject({ self: false, request: 'pause' })
      await waitFor(() => rig.harness.store.jobs.get(plan.jobId)!.state, (s) => s === 'paused', 1500)
      expect(Date.now() - asked).toBeLessThan(1500)
      const settled = await rig.harness.engine.settled(plan.jobId)
      expect(settled.counts.inFlight).toBe(0)
      expect(rig.harness.store.leases.get(plan.jobId)).toBeUndefined()
      // the owner's last progress event says so too (the UI waits for it, not for the clock)
      await waitFor(() => last, (p) => p?.owner === null && p.counts.inFlight === 0 && p.state === 'paused', 5000)
      // Now nobody owns it: the other engine takes it, and a cancel from the first is obeyed.
      await other.start(plan.jobId)
      await expect(rig.harness.engine.start(plan.jobId)).rejects.toThrow(JobOwnedError)
      await rig.harness.engine.cancel(plan.jobId)
      const end = await other.settled(plan.jobId)
      expect(end.state).toBe('cancelled')
      expect(end.counts.inFlight).toBe(0)
      expect(end.counts.pending).toBeGreaterThan(0)
    } finally {
      await other.close()
    }
  }, 60_000)
})
