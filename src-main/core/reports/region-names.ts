import { readArea, stripDots } from '../regions/region-tree'
import type { DirectoryCache } from '../store'

/** Region code (plain digits) -> name, for joining names into hospital and school rows. */
export interface RegionNames {
  name(code: string | null | undefined): string | null
}

let packageNames: Map<string, string> | null = null

/**
 * The region tree shipped in `idn-area-data` (dotted codes there, plain digits here), read once,
 * when a report first needs a name the store's region table lacks. The package's three CSVs are read by ../regions/region-tree.ts's reader
 * (its tree upper-cases regency names, so the names are taken from the records here); its JavaScript is never imported (the same 7,837 names,
 * the quoted 'Ra"as' included: tests/unit/region-names-package.test.ts). Issue 27:
 * - imported at the top, it imports papaparse (CommonJS), which Node lexes for its exports and
 *   V8 optimises that lexer: ~200 M instructions (143 M of them TurboFan) in every process that
 *   loads the report code, whether or not its report joins names (regions and face never do);
 *   `rekap run --dry-run` 2.00 -> 1.80 G instructions without it;
 * - imported here with `import()` (4e90022, taken back at 5ca8775), it raised
 *   bench/report-kinds.ts's peak RSS 25-55 MB for every kind: the bench's child runs under tsx,
 *   whose loader thread rewrites every module holding a dynamic import() and gives it a per-word
 *   source map; for the ~310 KB report bundle that thread's heap grew 15 -> 50 MB and stayed.
 *   Plain `node` (the built CLI, the app) never showed it, but the bench holds the 300 MB cap.
 */
function loadPackageNames(): Map<string, string> {
  if (packageNames) return packageNames
  const map = new Map<string, string>()
  for (const file of ['provinces.csv', 'regencies.csv', 'districts.csv'] as const) for (const r of readArea(file)) map.set(stripDots(r.code), r.name)
  return (packageNames = map)
}

/**
 * Names from the local cache's region table when it has been filled (what the service calls
 * them), else from the package's title-case names; a code neither knows has no name.
 */
export async function loadRegionNames(cache: DirectoryCache): Promise<RegionNames> {
  const cached = cache.regionNames()
  return {
    name(code) {
      if (!code) return null
      // the package's names read at the first code the store's table lacks, not before: records
      // that name their regions, or a table that knows them all, never need them (reading the
      // CSVs, and V8 optimising the reader three times, was ~2% of a school directory export's CPU)
      return cached.get(code) ?? loadPackageNames().get(code) ?? null
    },
  }
}
