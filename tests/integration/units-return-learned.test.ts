/**
 * Issue 25: units return what they learned; the runner stores it. Every kind's unit runs, on the
 * row its own example template plans to, against the real sandbox process with a store that
 * records (and refuses) every write (a new kind is covered without touching this file): a unit reads the
 * cache and nothing else, and what it learned comes back as `learned` (or through `env.keep`, for
 * a paged row), which the runner stores (core/jobs/keep-learned.ts). On main the lookups called
 * putHospitals / putSchools, the directory and regions units putHospitals, linkRecords,
 * saveProgress and addHits themselves.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOB_KINDS, type JobKind } from '../../src-main/contract/job-kinds'
import { kindModule } from '../../src-main/core/kinds/registry'
import type { Learned, UnitEnv, UnitOutcome } from '../../src-main/core/kinds/unit'
import { createServiceClient, type ServiceClient } from '../../src-main/core/provider'
import type { JobRow, Store } from '../../src-main/core/store'
import { engineAgainst, type Harness } from '../helpers/engine-harness'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'

const tmp = makeTempDir('rekap-units-learned-')
let sandbox: SandboxProcess
let h: Harness
let client: ServiceClient

beforeAll(async () => {
  sandbox = await startSandboxProcess({})
  h = engineAgainst(sandbox, tmp.dir)
  client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.key })
})
afterAll(async () => {
  await h?.close()
  await sandbox?.stop()
  tmp.cleanup()
})

/** what the harness's engine labels the sandbox process's records with (tests/helpers/engine-harness.ts) */
const SOURCE = 'sandbox-process'

const WRITER = /^(put|link|mark|save|add|complete|fail|set|delete|insert|update|clear|record|transaction)/

/** The real store, every writer refused and written down: a unit may read, never write. */
function readOnly(store: Store, writes: string[]): Store {
  const guard = <T extends object>(target: T, name: string): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        const v = Reflect.get(t, prop, receiver)
        if (typeof prop !== 'string') return v
        if (typeof v === 'function') {
          if (WRITER.test(prop)) return () => void writes.push(`${name}${prop}`)
          return v.bind(t)
        }
        return v && typeof v === 'object' ? guard(v, `${name}${prop}.`) : v
      },
    })
  return guard(store, '')
}

function row(rowNo: number, payload: unknown): JobRow {
  return {
    jobId: 'units-learned',
    rowNo,
    sourceRow: rowNo + 1,
    unitKey: null,
    state: 'pending',
    input: {},
    payload,
    attempts: 0,
    errorCode: null,
    errorMessage: null,
    errorColumn: null,
    localFailure: false,
    duplicateOf: null,
    charged: false,
    costPoints: 0,
    resentUncertain: false,
    progress: null,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
  }
}

async function runUnit(kind: JobKind, payload: unknown): Promise<{ out: UnitOutcome; kept: Learned[]; writes: string[] }> {
  const writes: string[] = []
  const kept: Learned[] = []
  const store = readOnly(h.store, writes)
  // `store` and `account` are what units were given before; a unit that still writes is caught either way
  const env: UnitEnv & { store: Store; account: string } = {
    client,
    cache: store.cache,
    store,
    account: 'test-account',
    jobId: 'units-learned',
    source: sandbox.url,
    freshAfter: Date.now() - 3_600_000,
    now: () => Date.now(),
    signal: new AbortController().signal,
    call: (fn) => fn(new AbortController().signal),
    keep: (l) => void kept.push(l),
  }
  const out = await kindModule(kind).unit(row(1, payload), env)
  return { out, kept, writes }
}

describe('units write nothing; they return what they learned (issue 25)', () => {
  /** Each kind's own example row (its template, core/kinds/<kind>), planned for real: the row a unit gets. */
  async function exampleRow(kind: JobKind): Promise<JobRow | null> {
    const hospital = (await client.hospitals({ province_code: '31', size: 1 })).items[0]
    const school = (await client.schools({ regency_code: '3273' })).items[0]
    const t = kindModule(kind).example
    const csv = (cells: Array<string | number>) => cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')
    const file = join(tmp.dir, `${kind}.csv`)
    writeFileSync(file, `${csv([...t.headers])}\n${csv(t.row({ hospitalCode: hospital.code, npsn: school.npsn, schoolName: school.name }))}\n`)
    const plan = await h.engine.plan({ file, kind, settings: h.settings() })
    return [...h.store.rows.iterate(plan.jobId)].find((r) => r.state === 'pending') ?? null
  }

  it("every kind's unit, on its example row: no store write; what it learned comes back", async () => {
    const learnedRecords: JobKind[] = []
    const planned: JobKind[] = []
    for (const kind of JOB_KINDS) {
      const example = await exampleRow(kind)
      // face-match's example row names photos that are not there: it fails at planning, nothing to send
      if (!example) continue
      planned.push(kind)
      const { out, kept, writes } = await runUnit(kind, example.payload)
      expect(writes, kind).toEqual([])
      const learned = [...kept, ...(out.learned ? [out.learned] : [])]
      if (learned.some((l) => (l.hospitals?.length ?? 0) + (l.schools?.length ?? 0) + (l.regions?.length ?? 0) > 0)) learnedRecords.push(kind)
    }
    expect(planned.length).toBeGreaterThanOrEqual(JOB_KINDS.length - 1)
    // kinds that cache records hand them back (school-search needs a premium account: it fails, free;
    // the hospital-directory template's filters match no sandbox hospital)
    expect(learnedRecords).toEqual(expect.arrayContaining(['hospital-lookup', 'school-lookup', 'school-directory', 'regions']))
  })

  it('a paged directory row keeps each page (records, links, progress, its hit) and ends with the sync', async () => {
    const { out, kept } = await runUnit('school-directory', { filters: { regency_code: '3273' } })
    expect(kept.length).toBeGreaterThan(1)
    for (const [i, page] of kept.entries()) {
      expect(page.hits).toBe(1)
      expect(page.schools?.length).toBeGreaterThan(0)
      expect(page.links?.keys.length).toBe(page.schools?.length)
      expect(page.progress).toMatchObject({ nextPage: i + 2 })
    }
    expect(out.learned?.sync?.records).toBe(kept.reduce((n, k) => n + (k.schools?.length ?? 0), 0))
  })

  it('the runner stores it: a lookup job caches its hospitals, and the next job answers from the cache', async () => {
    // a Bali hospital: no example row above fetched it
    const hospital = (await client.hospitals({ province_code: '51', size: 1 })).items[0]
    expect(h.store.cache.getHospital(hospital.code, SOURCE, 0)).toBeUndefined()
    const file = join(tmp.dir, 'codes.csv')
    writeFileSync(file, `No,Kode RS\n1,${hospital.code}\n`)
    const settings = h.settings()
    const first = await h.engine.plan({ file, kind: 'hospital-lookup', settings })
    await h.engine.start(first.jobId)
    expect((await h.engine.settled(first.jobId)).state).toBe('done')
    expect(h.store.cache.getHospital(hospital.code, SOURCE, 0)?.code).toBe(hospital.code)
    const again = await h.engine.plan({ file, kind: 'hospital-lookup', settings })
    expect(again.cacheHits).toBe(1)
  })
})
