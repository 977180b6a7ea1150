import { JOB_KINDS, type JobKind } from '../../contract/job-kinds'
import type { DirectoryQuery, KindView } from '../../contract/ipc'
import { applyFieldOverrides, autoMapFields, missingFieldsOf } from '../importers'
import { faceMatch } from './face-match'
import { hospitalDirectory } from './hospital-directory'
import { hospitalLookup } from './hospital-lookup'
import { kindView, type JobKindModule } from './kind'
import { regions } from './regions'
import { schoolDirectory } from './school-directory'
import { schoolLookup } from './school-lookup'
import { schoolSearch } from './school-search'
import { regencyAutocomplete } from './regency-autocomplete'

/**
 * The job-kind registry: one module per kind. A kind added to JOB_KINDS (the contract) without a
 * module here does not compile.
 */
const KINDS: Record<JobKind, JobKindModule> = {
  'face-match': faceMatch,
  'hospital-lookup': hospitalLookup,
  'hospital-directory': hospitalDirectory,
  'school-lookup': schoolLookup,
  'school-directory': schoolDirectory,
  regions,
  'school-search': schoolSearch,
  'regency-autocomplete': regencyAutocomplete,
}

export function kindModule(kind: JobKind): JobKindModule {
  const m = KINDS[kind]
  if (!m) throw new Error(`unknown job kind "${String(kind)}"`)
  return m
}

/** The directory kind that syncs a Directory-screen query of this product. */
export function directoryKindFor(product: DirectoryQuery['product']): JobKind {
  const kind = JOB_KINDS.find((k) => KINDS[k].fromQuery?.product === product)
  if (!kind) throw new Error(`no job kind syncs a ${product} directory query`)
  return kind
}

/** Kinds in guess order (lower rank first); kinds never guessed come last. */
function ranked(): JobKind[] {
  const rank = (k: JobKind): number => KINDS[k].guessRank ?? Number.MAX_SAFE_INTEGER
  return [...JOB_KINDS].sort((a, b) => rank(a) - rank(b))
}

/** Every kind as the renderer sees it, in the order they are offered (the likeliest first). */
export function kindViews(): KindView[] {
  return ranked().map((k) => kindView(KINDS[k]))
}

export function fieldsOf(kind: JobKind): Array<{ field: string; required: boolean }> {
  return KINDS[kind].fields.map(({ field, required }) => ({ field, required }))
}

export function missingFields(kind: JobKind, mapping: Record<string, string>): string[] {
  return missingFieldsOf(KINDS[kind].fields, mapping)
}

/** Columns -> the kind's fields, from the headers alone. */
export function autoMap(kind: JobKind, headers: string[]): { mapping: Record<string, string>; missing: string[] } {
  return autoMapFields(KINDS[kind].fields, headers)
}

const ALL_FIELDS = [...new Set(JOB_KINDS.flatMap((k) => KINDS[k].fields.map((s) => s.field)))]

/** `--map field=Header` overrides; with `kind`, fields that kind does not use are refused. */
export function applyMapOverrides(mapping: Record<string, string>, overrides: string[], headers: string[], kind?: JobKind): Record<string, string> {
  return applyFieldOverrides(mapping, overrides, headers, kind ? KINDS[kind].fields.map((s) => s.field) : ALL_FIELDS, kind)
}

/** The job kind a sheet most likely is, from its headers (kinds in guess order; null: none fits). */
export function guessKind(headers: string[]): JobKind | null {
  const mappingOf = (kind: JobKind): Record<string, string> => autoMap(kind, headers).mapping
  // Of the kinds the columns fit, the one that explains the most columns wins; the rank breaks
  // ties. (The first fit alone took a hospital filter sheet for a school one: "Kode Kabupaten"
  // fits both, and "Status BLU" passed for a school status.)
  let best: { kind: JobKind; explained: number } | null = null
  for (const kind of ranked()) {
    const m = KINDS[kind]
    if (m.guessRank === null) continue
    const { missing, mapping } = autoMap(kind, headers)
    // A free-text name column alone ("Nama" is in every KYC sheet) says nothing about the kind.
    const fits = m.fitsColumns ? m.fitsColumns(mapping, mappingOf) : missing.length === 0 && Object.keys(mapping).some((f) => f !== 'name')
    const explained = Object.keys(mapping).length
    if (fits && (!best || explained > best.explained)) best = { kind, explained }
  }
  if (best) return best.kind
  // A photo column recognised but not its pair (e.g. a selfie column headed "Foto Kedua"): a KYC
  // sheet whose mapping the user completes, not "nothing fits".
  const face = mappingOf('face-match')
  return face.image1 || face.image2 ? 'face-match' : null
}
