/**
 * Wire shapes of the Indonesia reference-data and face-match service, exactly as
 * `../shared/spec/interface-spec.md` describes them. Shared by the client (which
 * reads them) and the embedded sandbox (which writes them), so the two cannot drift.
 */

/** Section 2.2 */
export interface Paging {
  page: number
  size: number
  total_item: number
  total_page: number
}

/** Section 2.1: every endpoint except schools/search. */
export interface Envelope<T> {
  is_success: boolean
  message: string
  data: T
  paging?: Paging
}

/** schools/search has its own envelope (section 4.2); its inner shapes are not specified. */
export interface SchoolSearchEnvelope {
  status: unknown
  timestamp: unknown
  result: unknown
}

export interface ProvinceRef {
  code: string // 2 digits
  name: string
}

/** Section 2.3 */
export interface RegencyItem {
  code: string // 4 digits
  name: string // upper case
  province: ProvinceRef
}

/** Province and district item fields are "not shown" by the spec; these are what the sandbox sends. */
export interface ProvinceItem {
  code: string
  name: string
}

export interface DistrictItem {
  code: string // 6 digits
  name: string
  regency_code: string
}

export interface AutocompleteItem {
  code: string
  name: string
  type: string
}

export type SchoolStatus = 'N' | 'S'

/** Section 2.4 as sent on the wire (premium fields are a placeholder text without premium). */
export interface SchoolRecordWire {
  npsn: string
  name: string
  grade: string
  status: SchoolStatus
  accreditation: string
  address: string
  province_code: string
  province_name: string
  regency_code: string
  regency_name: string
  district_code: string
  district_name: string
  lang: string
  long: string
}

/** Section 2.4 after the client's normalisation: placeholder -> null, coordinates -> numbers. */
export interface SchoolRecord extends Omit<SchoolRecordWire, 'accreditation' | 'lang' | 'long'> {
  accreditation: string | null
  lang: number | null
  long: number | null
}

/** Section 2.5 */
export interface FaceMatchResult {
  match: boolean
  confidence: number
}

export const HOSPITAL_TYPES = [
  'Rumah Sakit Umum',
  'Rumah Sakit Khusus',
  'Rumah Sakit Jiwa',
  'Rumah Sakit Ibu dan Anak',
] as const
export const HOSPITAL_CLASSES = ['A', 'B', 'C', 'D'] as const
export const BLU_STATUSES = ['BLUD', 'Non BLUD'] as const
export const OWNERSHIPS = ['Pemkab', 'Pemkot', 'Pemprov', 'Swasta', 'TNI/Polri'] as const

export type HospitalType = (typeof HOSPITAL_TYPES)[number]
export type HospitalClass = (typeof HOSPITAL_CLASSES)[number]
export type BluStatus = (typeof BLU_STATUSES)[number]
export type Ownership = (typeof OWNERSHIPS)[number]

/** Section 2.6 */
export interface HospitalRecord {
  code: string
  name: string
  address: string
  phone: string | null
  type: HospitalType
  class: HospitalClass
  blu_status: BluStatus
  ownership: Ownership
  director: string
  facilities: { land_area: string; building_area: string; total_beds: number }
  beds: {
    class_i: number
    class_ii: number
    class_iii: number
    hcu: number
    perinatology: number
    icu_with_ventilator: number
  }
  services: { count: number; list: string[] }
  staff: {
    total: number
    general_practitioner: number
    basic_specialist: number
    other_specialist: number
  }
  province_code: string
  regency_code: string
  /** ISO 8601 with fractional seconds and no zone designator. */
  scraped_at: string
}

export interface HospitalTypesData {
  types: string[]
  count: number
}

/** Section 4.2 */
export interface SchoolFilters {
  regency_code?: string
  npsn?: string
  name?: string
  status?: SchoolStatus
  grade?: string
  /**
   * Premium only (403 otherwise). The spec does not show this parameter's name; `accreditation`
   * is the name the embedded sandbox uses.
   */
  accreditation?: string
  page?: number
}

/** Section 4.4 */
export interface HospitalFilters {
  page?: number
  size?: number
  name?: string
  type?: string
  class?: string
  ownership?: string
  blu_status?: string
  province_code?: string
  regency_code?: string
}

/** Section 7: exact message texts, used by the sandbox and recognised by the client. */
export const MESSAGES = {
  success: 'Success',
  schoolsUnauthorized: 'Unauthorized: API key is required',
  accreditationPremium: 'Accreditation filter is for premium members only',
  schoolsSearchUnauthenticated: 'User not authenticated',
  faceKeyRequired: 'API key required in x-api-service-id header',
  image1Required:
    "image1 is required. Please upload an image file using 'image1' field in multipart/form-data",
  image2Required:
    "image2 is required. Please upload an image file using 'image2' field in multipart/form-data",
  image1Type: 'Invalid image1 file type. Only JPG, JPEG, and PNG image files are allowed',
  image2Type: 'Invalid image2 file type. Only JPG, JPEG, and PNG image files are allowed',
  image1Size: 'image1 file size exceeds maximum limit of 5 MB',
  image2Size: 'image2 file size exceeds maximum limit of 5 MB',
  noFace: 'Failed to verify faces. Please ensure both images are valid and contain faces.',
  insufficientBalance: 'Insufficient points balance. Please top up to continue.',
  hospitalNotFound: 'hospital not found',
} as const

/** Section 8 */
export const LIMITS = {
  schoolPageSize: 100,
  hospitalMaxPageSize: 100,
  autocompleteMax: 10,
  faceImageMaxBytes: 5 * 1024 * 1024,
} as const

export const DEFAULT_AUTH_HEADER = 'x-api-service-id'
