import { getDistricts, getProvinces, getRegencies } from 'idn-area-data'
import type { DirectoryCache } from '../store'

/** Region code (plain digits) -> name, for joining names into hospital and school rows. */
export interface RegionNames {
  name(code: string | null | undefined): string | null
}

let packageNames: Promise<Map<string, string>> | null = null

/**
 * The region tree shipped in `idn-area-data` (dotted codes there, plain digits here), read once.
 * Imported at the top on purpose: imported here instead (it saves ~185 M instructions of
 * CommonJS lexing in a process that never joins names), a 100,000-row export's peak RSS rose
 * 25-40 MB for every kind, regions included (bench/report-kinds.ts, issue 27 sixth pass).
 */
function loadPackageNames(): Promise<Map<string, string>> {
  packageNames ??= (async () => {
    const [provinces, regencies, districts] = await Promise.all([getProvinces(), getRegencies(), getDistricts()])
    const map = new Map<string, string>()
    for (const r of [...provinces, ...regencies, ...districts]) map.set(r.code.replace(/\./g, ''), r.name)
    return map
  })()
  return packageNames
}

/**
 * Names from the local cache's region table when it has been filled (what the service calls
 * them), else from the package's title-case names; a code neither knows has no name.
 */
export async function loadRegionNames(cache: DirectoryCache): Promise<RegionNames> {
  const cached = cache.regionNames()
  const pkg = await loadPackageNames()
  return {
    name(code) {
      if (!code) return null
      return cached.get(code) ?? pkg.get(code) ?? null
    },
  }
}
