/**
 * retry-failed re-checks the rows that failed pre-flight with the planner's one rule, value lists
 * included: a hospital filter value the service's list did not know at planning is checked against
 * today's list (sent as the service spells it if it is there now), and one still unknown stays
 * failed with today's reason, never sent; the plan's options for every row (a name filter) still
 * apply. Real sandbox process, real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useSandboxEngine } from '../helpers/sandbox-engine'

const rig = useSandboxEngine({ sandbox: { args: ['--hospital-plan', 'premium'] } })

const hospitalHits = async (): Promise<number> => (await rig.sandbox.admin('GET', '/_sandbox/state')).hits.hospitals as number
/** The lists the engine keeps for the freshness window (core/engine/value-lists.ts), as the harness's source names them. */
const LISTS_KEY = 'cache.hospitalValueLists.sandbox-process'

describe('retry-failed checks filter values against the value lists again', () => {
  it('a value the list did not know passes once the list has it (sent as the service spells it); an unknown one stays failed, unsent', async () => {
    const file = join(rig.dir, 'rs.csv')
    writeFileSync(file, ['Kode Provinsi,Kelas', '32,B', '32,d', '32,E'].join('\n') + '\n')
    // the service's list at planning time lacked class D (fresh in the cache: no list request)
    rig.harness.store.settings.set(LISTS_KEY, {
      type: ['Rumah Sakit Umum', 'Rumah Sakit Khusus'],
      class: ['A', 'B', 'C'],
      ownership: ['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri'],
      blu_status: ['BLU', 'BLUD', 'Non BLUD'],
      fetchedAt: Date.now(),
    })
    // a name filter for every row (the CLI's --name): a row checked again gets it as its plan gave it
    const plan = await rig.harness.engine.plan({ file, kind: 'hospital-directory', settings: rig.harness.settings(), directory: { name: 'RSUD' } })
    expect(plan.rowsFailingLocally).toBe(2)
    await rig.harness.engine.start(plan.jobId)
    expect((await rig.harness.engine.settled(plan.jobId)).counts).toMatchObject({ done: 1, failed: 2 })

    // the list is fresh again: the engine asks the service's own list (it has D, not E)
    rig.harness.store.settings.set(LISTS_KEY, { ...(rig.harness.store.settings.get(LISTS_KEY) as object), fetchedAt: 0 })
    const before = await hospitalHits()
    await rig.harness.engine.retryFailed(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    expect(end.counts).toMatchObject({ done: 2, failed: 1, pending: 0, inFlight: 0 })

    const fixed = rig.harness.store.rows.get(plan.jobId, 2)!
    expect(fixed.state).toBe('done')
    expect((fixed.payload as { filters: Record<string, string> }).filters).toEqual({ province_code: '32', class: 'D', name: 'RSUD' })

    const still = rig.harness.store.rows.get(plan.jobId, 3)!
    expect(still).toMatchObject({ state: 'failed', errorCode: 'invalid-filter', errorColumn: 'Kelas', localFailure: true, attempts: 0, charged: false })
    expect(still.errorMessage).toMatch(/"E" is not a hospital class the service knows; allowed: A, B, C, D/)

    // the four list endpoints and the first page of the one row that passes now; nothing for E
    expect((await hospitalHits()) - before).toBe(5)
  })
})
