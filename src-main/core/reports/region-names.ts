import type { DirectoryCache } from '../store'

/** Region code (plain digits) -> name, for joining names into hospital and school rows. */
export interface RegionNames {
  name(code: string | null | undefined): string | null
}

let packageNames: Promise<Map<string, string>> | null = null

/**
 * The region tree shipped in `idn-area-data` (dotted codes there, plain digits here), read once.
 * The package is imported here, not at the top: it imports papaparse, which is CommonJS, so
 * loading it has Node lex papaparse's 52 KB source for its exports and V8 optimise that lexer
 * (~185 M instructions, ~2% of a 100,000-row regions export), in every process that loads this
 * module, whether or not its report joins names (the regions and face reports never do).
 */
function loadPackageNames(): Promise<Map<string, string>> {
  packageNames ??= (async () => {
    const { getDistricts, getProvinces, getRegencies } = await import('idn-area-data')
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
