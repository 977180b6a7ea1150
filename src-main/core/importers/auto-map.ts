import type { JobKind } from '../../contract/job-kinds'
import { headerKey } from './header-names'

/**
 * Maps spreadsheet columns to the fields each job kind needs, from Indonesian and English headers.
 * Matching ignores case, spaces and punctuation ("Foto KTP" = "foto_ktp" = "FOTO-KTP").
 */

interface FieldSpec {
  field: string
  required: boolean
  /** header keys (see headerKey), most specific first */
  synonyms: string[]
}

const IMAGE1 = ['image1', 'fotoktp', 'ktp', 'ektp', 'fotoektp', 'ktpphoto', 'photoktp', 'ktpimage', 'imagektp', 'gambarktp', 'fileektp', 'filektp', 'pathktp', 'ktppath', 'fotoidentitas', 'idphoto', 'idcardphoto', 'idcard', 'photoid']
const IMAGE2 = ['image2', 'selfie', 'fotoselfie', 'selfiephoto', 'photoselfie', 'selfieimage', 'imageselfie', 'gambarselfie', 'fileselfie', 'pathselfie', 'selfiepath', 'swafoto', 'fotowajah', 'wajah', 'facephoto', 'photoface', 'face', 'fotodiri']
const NIK = ['nik', 'noktp', 'nomorktp', 'nomerktp', 'nomorindukkependudukan', 'nikktp', 'niknasabah', 'nomornik']
const NAME = ['nama', 'name', 'namalengkap', 'fullname', 'namanasabah', 'namapelanggan', 'namasesuaiktp', 'customername']
const PROVINCE = ['provincecode', 'kodeprovinsi', 'kodeprov', 'kdprov', 'kodepropinsi', 'provinsikode', 'province']
const REGENCY = ['regencycode', 'kodekabupaten', 'kodekabkota', 'kodekabupatenkota', 'kodekab', 'kodekota', 'kdkab', 'kdkabkota', 'kabkotakode', 'regency']

const FIELDS: Record<JobKind, FieldSpec[]> = {
  'face-match': [
    { field: 'image1', required: true, synonyms: IMAGE1 },
    { field: 'image2', required: true, synonyms: IMAGE2 },
    { field: 'nik', required: false, synonyms: NIK },
    { field: 'name', required: false, synonyms: NAME },
  ],
  'hospital-lookup': [
    { field: 'code', required: true, synonyms: ['code', 'koders', 'kode', 'hospitalcode', 'koderumahsakit', 'kodersu', 'kodehospital', 'rscode', 'kdrs'] },
  ],
  'school-lookup': [
    { field: 'npsn', required: true, synonyms: ['npsn', 'nomorpokoksekolahnasional', 'npsnsekolah', 'schoolnpsn'] },
  ],
  'school-directory': [
    { field: 'regency_code', required: true, synonyms: REGENCY },
    { field: 'grade', required: false, synonyms: ['grade', 'jenjang', 'jenjangpendidikan', 'bentukpendidikan', 'tingkat'] },
    { field: 'status', required: false, synonyms: ['status', 'statussekolah', 'negeriswasta'] },
    // premium accounts only (403 otherwise)
    { field: 'accreditation', required: false, synonyms: ['accreditation', 'akreditasi', 'akreditasisekolah'] },
  ],
  'hospital-directory': [
    { field: 'province_code', required: false, synonyms: PROVINCE },
    { field: 'regency_code', required: false, synonyms: REGENCY },
    { field: 'class', required: false, synonyms: ['class', 'kelas', 'kelasrs', 'hospitalclass', 'kelasrumahsakit'] },
    { field: 'type', required: false, synonyms: ['type', 'jenis', 'jenisrs', 'tipe', 'tipers', 'hospitaltype', 'jenisrumahsakit'] },
    { field: 'ownership', required: false, synonyms: ['ownership', 'kepemilikan', 'pemilik', 'penyelenggara', 'kepemilikanrs'] },
    { field: 'blu_status', required: false, synonyms: ['blustatus', 'statusblu', 'blu', 'blud', 'statusblud'] },
    { field: 'name', required: false, synonyms: ['namars', 'namarumahsakit', 'hospitalname', 'nama', 'name'] },
    // no server filter: rekap keeps the records whose services list has these words
    { field: 'services', required: false, synonyms: ['services', 'layanan', 'pelayanan', 'layananrs'] },
  ],
  regions: [
    { field: 'province_code', required: false, synonyms: PROVINCE },
    // A name beside the code is what tells a region list from a hospital query by province.
    { field: 'province_name', required: false, synonyms: ['namaprovinsi', 'provincename', 'provinsi', 'namapropinsi', 'propinsi', 'wilayah', 'namawilayah', 'region', 'regionname'] },
  ],
}

/** Partial synonyms shorter than this are too ambiguous to match inside a longer header. */
const MIN_CONTAINED_SYNONYM = 5

export function fieldsOf(kind: JobKind): Array<{ field: string; required: boolean }> {
  return FIELDS[kind].map(({ field, required }) => ({ field, required }))
}

export function missingFields(kind: JobKind, mapping: Record<string, string>): string[] {
  return FIELDS[kind].filter((f) => f.required && !mapping[f.field]).map((f) => f.field)
}

export function autoMap(kind: JobKind, headers: string[]): { mapping: Record<string, string>; missing: string[] } {
  const mapping: Record<string, string> = {}
  const taken = new Set<string>()
  const keys = headers.map(headerKey)
  const specs = FIELDS[kind]

  // Pass 1: exact key matches, in synonym order (so "Foto KTP" beats a plain "KTP" column).
  for (const spec of specs) {
    for (const syn of spec.synonyms) {
      const i = keys.findIndex((k, j) => k === syn && !taken.has(headers[j]))
      if (i >= 0) {
        mapping[spec.field] = headers[i]
        taken.add(headers[i])
        break
      }
    }
  }
  // Pass 2: a header containing a long synonym ("Foto KTP (path)", "URL Selfie Nasabah").
  for (const spec of specs) {
    if (mapping[spec.field]) continue
    for (const syn of spec.synonyms.filter((s) => s.length >= MIN_CONTAINED_SYNONYM)) {
      const i = keys.findIndex((k, j) => k.includes(syn) && !taken.has(headers[j]))
      if (i >= 0) {
        mapping[spec.field] = headers[i]
        taken.add(headers[i])
        break
      }
    }
  }
  return { mapping, missing: missingFields(kind, mapping) }
}

export class MapOverrideError extends Error {
  override readonly name = 'MapOverrideError'
  constructor(
    readonly code: 'malformed' | 'unknown-field' | 'unknown-header',
    message: string,
  ) {
    super(message)
  }
}

const ALL_FIELDS = [...new Set(Object.values(FIELDS).flatMap((specs) => specs.map((s) => s.field)))]

/**
 * Applies `--map field=Header` overrides on top of an automatic mapping. The header is matched exactly,
 * then ignoring case and punctuation. Pass `kind` to refuse fields that kind does not use.
 */
export function applyMapOverrides(
  mapping: Record<string, string>,
  overrides: string[],
  headers: string[],
  kind?: JobKind,
): Record<string, string> {
  const out = { ...mapping }
  const valid = kind ? FIELDS[kind].map((s) => s.field) : ALL_FIELDS
  const list = headers.map((h) => `"${h}"`).join(', ')
  for (const override of overrides) {
    const eq = override.indexOf('=')
    if (eq <= 0) {
      throw new MapOverrideError('malformed', `--map "${override}": expected field=Header, e.g. image1="Foto KTP"`)
    }
    const field = override.slice(0, eq).trim()
    const wanted = override.slice(eq + 1).trim().replace(/^["']|["']$/g, '')
    if (!valid.includes(field)) {
      throw new MapOverrideError(
        'unknown-field',
        `--map "${override}": unknown field "${field}"${kind ? ` for ${kind}` : ''}; the fields are ${valid.join(', ')}`,
      )
    }
    const header =
      headers.find((h) => h === wanted) ??
      headers.find((h) => h.toLowerCase() === wanted.toLowerCase()) ??
      headers.find((h) => headerKey(h) === headerKey(wanted) && headerKey(wanted) !== '')
    if (!header) {
      throw new MapOverrideError('unknown-header', `--map "${override}": there is no column "${wanted}"; the columns are ${list}`)
    }
    // a header moved to this field no longer serves another one
    for (const [f, h] of Object.entries(out)) if (h === header && f !== field) delete out[f]
    out[field] = header
  }
  return out
}
