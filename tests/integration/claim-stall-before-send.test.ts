/**
 * A watched job's claim is asked before each request (holdBack): a computer that stalls (lid
 * closed, CPU starved) between that check and the request must not send a row decided before
 * the stall, since another computer may have taken the workbook over meanwhile. The check came
 * before the row's in-flight mark (a store write) and a stall during that write let one request
 * out after the takeover (seen at load 20: watch-stalled-desk's "expected 1 to be +0"). Real
 * engine, real SQLite file, real sandbox; the stall is landed in the in-flight write itself.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandboxEngine } from '../helpers/sandbox-engine'

const rig = useSandboxEngine({ sandbox: { args: ['--hospital-plan', 'premium'] } })

async function requests(): Promise<number> {
  return ((await rig.sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length
}

describe('a stall while a row is marked in flight', () => {
  it('the claim lost meanwhile: that row is not sent, the job pauses with the claim reason, and the row waits unsent', async () => {
    const file = join(rig.dir, 'kode.csv')
    writeFileSync(file, 'Kode RS\n3201001\n3201002\n3201003\n')
    const { store, engine } = rig.harness
    const plan = await engine.plan({ file, kind: 'hospital-lookup', settings: rig.harness.settings({ concurrency: 1 }) })
    let taken = false
    const mark = store.rows.markInFlight.bind(store.rows)
    let marks = 0
    // the second row's in-flight write is where the computer stalls and desk B takes the workbook over
    store.rows.markInFlight = (jobId, rowNo, now) => {
      mark(jobId, rowNo, now)
      if (++marks === 2) taken = true
    }
    const before = await requests()
    try {
      await engine.start(plan.jobId, { holdBack: () => (taken ? 'taken over by desk-b' : null) })
      const end = await engine.settled(plan.jobId)
      expect(end.state).toBe('paused')
    } finally {
      store.rows.markInFlight = mark
    }
    expect(await requests(), 'requests sent: only the first row, none after the takeover').toBe(before + 1)
    const rows = engine.rows(plan.jobId, 0, 10).rows
    expect(rows.map((r) => r.state)).toEqual(['done', 'pending', 'pending'])
    expect(rows[1], 'the row never sent counts no attempt and shows no error').toMatchObject({ attempts: 0, error: null })
    expect(store.jobs.get(plan.jobId)!.stateDetail).toContain('taken over by desk-b')
  })
})
