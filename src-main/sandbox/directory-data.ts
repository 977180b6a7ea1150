import type { HospitalRecord } from '../core/provider/types'
import { generateHospitals } from './hospital-generator'
import { loadRealHospitals, loadRealSchools } from './real-data'
import type { RegionTree } from '../core/regions/region-tree'
import { generateSchoolsForRegency, npsnRegencyIndex, type SchoolRow } from './school-generator'

/**
 * Where the sandbox's hospitals and schools come from: generated from the seed (default)
 * or read from --data-dir. Everything is loaded on first use, never at startup, so the
 * server is listening in well under 2 s; each load runs once (concurrent callers share it).
 */
export interface DirectoryData {
  hospitals(): Promise<HospitalRecord[]>
  hospitalByCode(code: string): Promise<HospitalRecord | undefined>
  schoolsOfRegency(regencyCode: string): Promise<SchoolRow[]>
  schoolByNpsn(npsn: string): Promise<SchoolRow | undefined>
  allSchools(): Promise<SchoolRow[]>
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    if (!pending) {
      pending = load()
      // a failed load (e.g. unreadable --data-dir file) is retried on the next request
      pending.catch(() => {
        pending = null
      })
    }
    return pending
  }
}

/** `tree` is called when a hospital or school is first asked for: the region tree loads on first use. */
export function createDirectoryData(opts: { seed: number; tree: () => RegionTree; dataDir?: string }): DirectoryData {
  const { seed, tree, dataDir } = opts

  const hospitals = once(async () => (dataDir ? loadRealHospitals(dataDir, seed) : generateHospitals(seed, tree())))
  const hospitalIndex = once(async () => new Map((await hospitals()).map((h) => [h.code, h])))

  if (dataDir) {
    const byRegency = once(() => loadRealSchools(dataDir, seed, tree()))
    const all = once(async () => [...(await byRegency()).values()].flat())
    const byNpsn = once(async () => new Map((await all()).map((s) => [s.npsn, s])))
    return {
      hospitals,
      hospitalByCode: async (code) => (await hospitalIndex()).get(code),
      schoolsOfRegency: async (code) => (await byRegency()).get(code) ?? [],
      schoolByNpsn: async (npsn) => (await byNpsn()).get(npsn),
      allSchools: all,
    }
  }

  const generated = new Map<string, SchoolRow[]>()
  const schoolsOfRegency = async (code: string): Promise<SchoolRow[]> => {
    const regency = tree().regencyByCode.get(code)
    if (!regency) return []
    let rows = generated.get(code)
    if (!rows) {
      rows = generateSchoolsForRegency(seed, tree(), regency)
      generated.set(code, rows)
    }
    return rows
  }
  const all = once(async () => {
    const out: SchoolRow[] = []
    for (const r of tree().regencies) out.push(...(await schoolsOfRegency(r.code)))
    return out
  })
  return {
    hospitals,
    hospitalByCode: async (code) => (await hospitalIndex()).get(code),
    schoolsOfRegency,
    async schoolByNpsn(npsn) {
      const index = npsnRegencyIndex(npsn)
      const regency = index === null ? undefined : tree().regencies[index]
      if (!regency) return undefined
      return (await schoolsOfRegency(regency.code)).find((s) => s.npsn === npsn)
    },
    allSchools: all,
  }
}
