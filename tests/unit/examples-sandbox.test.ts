/**
 * The directory examples name codes that exist in the embedded sandbox's generated data (the
 * default target of `rekap run` without a key), plus a few deliberate misses. Checked against a real
 * sandbox on a loopback port, so a change to the data generator that breaks the examples is caught.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openTable } from '../../src-main/core/importers'
import { createServiceClient, ServiceError, type ServiceClient } from '../../src-main/core/provider'
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox'
import { EXAMPLES_DIR, HOSPITAL_CODE_MALFORMED, HOSPITAL_CODES_UNKNOWN, NPSN_MALFORMED, NPSN_UNKNOWN, REGENCIES } from '../../scripts/make-examples'

let sandbox: RunningSandbox
let client: ServiceClient

beforeAll(async () => {
  // premium hospital plan: 100 rps, so ~30 lookups do not wait on the 20 rps bucket
  sandbox = await startSandbox({ port: 0, hospitalPlan: 'premium' })
  client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys[0] })
}, 60_000)

afterAll(async () => {
  await sandbox?.close()
})

async function column(file: string, header: string): Promise<string[]> {
  const table = await openTable(path.join(EXAMPLES_DIR, file))
  const values: string[] = []
  for await (const row of table.rows()) values.push(String(row.values[header]))
  await table.close()
  return values
}

/** 'found', 'not-found' (404), or the error kind */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call()
    return 'found'
  } catch (err) {
    if (err instanceof ServiceError) return err.kind
    throw err
  }
}

describe('directory examples against the embedded sandbox', () => {
  it('hospital-codes.xlsx: every code is found except the two unknown ones', async () => {
    const codes = (await column('hospitals/hospital-codes.xlsx', 'Kode RS')).filter((c) => c !== HOSPITAL_CODE_MALFORMED)
    const results = new Map<string, string>()
    for (const code of codes) results.set(code, await outcome(() => client.hospital(code)))
    const notFound = [...results].filter(([, r]) => r !== 'found')
    expect(notFound).toEqual(HOSPITAL_CODES_UNKNOWN.map((c) => [c, 'not-found']))
    expect(results.size - notFound.length).toBeGreaterThanOrEqual(25)
  })

  it('regencies.csv: each regency has schools, under the name the file gives', async () => {
    const codes = await column('schools/regencies.csv', 'Kode Kabupaten')
    expect(codes).toEqual(REGENCIES.map((r) => r.code))
    for (const r of REGENCIES) {
      const page = await client.schools({ regency_code: r.code })
      expect(page.paging.total_item, r.code).toBeGreaterThan(0)
      expect(page.items[0].regency_name.toLowerCase()).toBe(r.name.toLowerCase())
    }
  })

  it('npsn.csv: every well-formed NPSN is one school, except the unknown one', async () => {
    const npsns = (await column('schools/npsn.csv', 'NPSN')).filter((n) => n !== NPSN_MALFORMED)
    const counts = new Map<string, number>()
    for (const npsn of npsns) counts.set(npsn, (await client.schools({ npsn })).items.length)
    expect(counts.get(NPSN_UNKNOWN)).toBe(0)
    counts.delete(NPSN_UNKNOWN)
    expect(counts.size).toBeGreaterThanOrEqual(3)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
  })
})
