import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { openStore, type Store } from '../../src-main/core/store'
import { createEngine, type Engine } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import type { HospitalRecord } from '../../src-main/core/provider/types'
import { importRowsIntoJob } from '../../src-main/core/jobs/planner'
import { PreflightMemo } from '../../src-main/core/images/preflight-memo'
import { makeTempDir, SHARED_DIR } from '../helpers/temp-dir'

/** Planning at scale keeps its answers: cache hits counted by one rule, photos checked once per file. */

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let engine: Engine
const HOUR = 3_600_000

function hospital(code: string): HospitalRecord {
  return {
    code,
    name: `RS ${code}`,
    address: 'Jl. Contoh 1',
    phone: null,
    type: 'Rumah Sakit Umum',
    class: 'C',
    blu_status: 'Non BLUD',
    ownership: 'Swasta',
    director: 'dr. A',
    facilities: { land_area: '1', building_area: '1', total_beds: 10 },
    beds: { class_i: 1, class_ii: 1, class_iii: 1, hcu: 0, perinatology: 0, icu_with_ventilator: 0 },
    services: { count: 0, list: [] },
    staff: { total: 1, general_practitioner: 1, basic_specialist: 0, other_specialist: 0 },
    province_code: '31',
    regency_code: '3171',
    scraped_at: '2026-01-01T00:00:00.000',
  }
}

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.db'))
  engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: join(tmp.dir, 'pictures'),
    resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'bench-source', sandbox: true }),
  })
})
afterAll(async () => {
  await engine.close()
  store.close()
  tmp.cleanup()
})

describe('plan of a lookup job', () => {
  it('counts the rows a fresh cached record answers: same source, fresh, pending, not a duplicate', async () => {
    const now = Date.now()
    // fresh, same source: hits
    store.cache.putHospitals(['RS0001', 'RS0002', 'RS0003'].map(hospital), 'bench-source', now - HOUR)
    // stale (the default freshness window is far shorter than 10 years) and another source: no hits
    store.cache.putHospitals([hospital('RS0004')], 'bench-source', now - 10 * 365 * 24 * HOUR)
    store.cache.putHospitals([hospital('RS0005')], 'another-host', now)
    const csv = join(tmp.dir, 'codes.csv')
    // RS0001 twice (the second is a duplicate, not a second hit); a malformed code fails locally
    writeFileSync(csv, ['Kode RS,Catatan', 'RS0001,a', 'RS0002,b', 'RS0003,c', 'RS0004,d', 'RS0005,e', 'RS0006,f', 'RS0001,g', 'RS 7!,h'].join('\n'))
    const plan = await engine.plan({ file: csv, kind: 'hospital-lookup', settings: defaultJobSettings({ sandbox: true }) })
    expect(plan.rowsTotal).toBe(8)
    expect(plan.rowsFailingLocally).toBe(1)
    expect(plan.duplicates).toBe(1)
    expect(plan.cacheHits).toBe(3)
    expect(plan.callsNeeded).toBe(8 - 1 - 1 - 3)
  })
})

describe('plan of a face job whose rows share photos', () => {
  it('decodes each photo once, and every row still gets its own verdict and hashes', async () => {
    const faces = join(SHARED_DIR, 'fixtures/faces')
    const rows = ['NIK,Foto KTP,Selfie']
    for (let i = 0; i < 40; i++) rows.push(`${String(i).padStart(16, '0')},${join(faces, 'obama_1.jpg')},${join(faces, i % 2 ? 'biden_1.jpg' : 'missing.jpg')}`)
    const csv = join(tmp.dir, 'faces.csv')
    writeFileSync(csv, rows.join('\n'))
    const preflights = new PreflightMemo(tmp.dir, true)
    const plan = await importRowsIntoJob(
      store,
      { file: csv, kind: 'face-match', settings: defaultJobSettings({ sandbox: true, allowOutsidePaths: true }) },
      { picturesDir: join(tmp.dir, 'pictures'), now: () => Date.now(), preflights },
    )
    expect(plan.rowsTotal).toBe(40)
    expect(plan.rowsFailingLocally).toBe(20)
    // obama_1 and biden_1 decoded once each (80 photo cells); the missing file never reaches a decode
    expect(preflights.checked).toBe(2)
    const sent = store.rows.page(plan.jobId, { states: ['pending'], offset: 0, limit: 100 })
    expect(sent).toHaveLength(20)
    // one pair to send; the 19 others are duplicates of it, settled without a call
    expect(sent.filter((r) => r.duplicateOf === null)).toHaveLength(1)
    expect(new Set(sent.map((r) => r.unitKey)).size).toBe(1)
    expect(plan.duplicates).toBe(19)
    const failed = store.rows.page(plan.jobId, { states: ['failed'], offset: 0, limit: 100 })
    expect(failed.map((r) => [r.errorCode, r.errorColumn])).toEqual(Array(20).fill(['image-ref-not-found', 'Selfie']))
  })
})
