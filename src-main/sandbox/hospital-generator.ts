import type { BluStatus, HospitalClass, HospitalRecord, HospitalType, Ownership } from '../core/provider/types'
import { prngFor, type Prng } from './prng'
import { isCity, regencyShortName, type RegionTree, type Regency } from '../core/regions/region-tree'
import {
  DOCTOR_SUFFIXES,
  FIRST_NAMES,
  HOSPITAL_BRANDS,
  HOSPITAL_SERVICES,
  LAST_NAMES,
  SPECIALTY_KINDS,
  STREETS,
} from './name-lists'

/**
 * Sandbox hospitals: ~3,000 fictitious records spread over the real 514 regencies,
 * deterministic for a seed. Distributions are loosely those of the real registry
 * (mostly general hospitals, class C most common, about a third government-owned).
 * Code = 4-digit regency code + 3-digit sequence, so codes are 7 digits and unique.
 */

/** 'YYYY-MM-DDTHH:MM:SS.ffffff': ISO 8601, microseconds, no zone (spec 2.6). */
export function formatScrapedAt(epochMs: number, micros: number): string {
  const iso = new Date(epochMs).toISOString() // always ends in .mmmZ
  return `${iso.slice(0, 19)}.${String(micros).padStart(6, '0')}`
}

/** The generated registry looks refreshed over a few days in mid-August 2025. */
const SCRAPE_START_MS = Date.UTC(2025, 7, 12, 0, 0, 0)
const SCRAPE_SPAN_MS = 4 * 24 * 3600 * 1000

const TYPE_WEIGHTS: Array<[HospitalType, number]> = [
  ['Rumah Sakit Umum', 84],
  ['Rumah Sakit Ibu dan Anak', 10],
  ['Rumah Sakit Khusus', 4.5],
  ['Rumah Sakit Jiwa', 1.5],
]
const CLASS_WEIGHTS: Array<[HospitalClass, number]> = [
  ['A', 3],
  ['B', 15],
  ['C', 55],
  ['D', 27],
]
/** beds range per class: A hospitals are large referral centres, D are basic */
const BEDS_BY_CLASS: Record<HospitalClass, [number, number]> = {
  A: [400, 900],
  B: [200, 500],
  C: [80, 250],
  D: [30, 100],
}

function weighted<T>(rng: Prng, table: Array<[T, number]>): T {
  return rng.weighted(
    table.map((t) => t[0]),
    table.map((t) => t[1]),
  )
}

function personName(rng: Prng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`
}

function ownershipFor(rng: Prng, regency: Regency): Ownership {
  const local: Ownership = isCity(regency) ? 'Pemkot' : 'Pemkab'
  return weighted<Ownership>(rng, [
    [local, 28],
    ['Pemprov', 6],
    ['TNI/Polri', 7],
    ['Swasta', 59],
  ])
}

function hospitalName(rng: Prng, type: HospitalType, ownership: Ownership, place: string): string {
  const title = place.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())
  if (type === 'Rumah Sakit Jiwa') return ownership === 'Swasta' ? `RS Jiwa ${rng.pick(HOSPITAL_BRANDS)}` : `RS Jiwa Daerah ${title}`
  if (type === 'Rumah Sakit Ibu dan Anak') return `RSIA ${rng.pick(HOSPITAL_BRANDS)} ${title}`
  if (type === 'Rumah Sakit Khusus') return `RS Khusus ${rng.pick(SPECIALTY_KINDS)} ${rng.pick(HOSPITAL_BRANDS)}`
  switch (ownership) {
    case 'Pemkab':
    case 'Pemkot':
      return rng.chance(0.5) ? `RSUD ${title}` : `RSUD dr. ${personName(rng)}`
    case 'Pemprov':
      return `RSUD Provinsi dr. ${personName(rng)}`
    case 'TNI/Polri':
      return rng.chance(0.5) ? `RS Bhayangkara ${title}` : `RS Tk. III ${personName(rng)}`
    default:
      return `RS ${rng.pick(HOSPITAL_BRANDS)} ${title}`
  }
}

function generateOne(seed: number, regency: Regency, tree: RegionTree, index: number): HospitalRecord {
  const code = `${regency.code}${String(index + 1).padStart(3, '0')}`
  const rng = prngFor(seed, 'hospital', code)
  const type = weighted(rng, TYPE_WEIGHTS)
  const klass = weighted(rng, CLASS_WEIGHTS)
  const ownership = ownershipFor(rng, regency)
  const blu: BluStatus = ownership !== 'Swasta' && ownership !== 'TNI/Polri' && rng.chance(0.7) ? 'BLUD' : 'Non BLUD'
  const districts = tree.districtsByRegency.get(regency.code) ?? []
  const district = districts.length > 0 ? rng.pick(districts).name : regencyShortName(regency)

  const [minBeds, maxBeds] = BEDS_BY_CLASS[klass]
  const target = rng.int(minBeds, maxBeds)
  const beds = {
    class_i: Math.round(target * (0.1 + rng.next() * 0.1)),
    class_ii: Math.round(target * (0.15 + rng.next() * 0.1)),
    class_iii: Math.round(target * (0.35 + rng.next() * 0.15)),
    hcu: rng.int(0, Math.max(2, Math.round(target * 0.04))),
    perinatology: rng.int(0, Math.max(2, Math.round(target * 0.05))),
    icu_with_ventilator: rng.int(0, Math.max(1, Math.round(target * 0.04))),
  }
  const vip = rng.int(0, Math.round(target * 0.1))
  const totalBeds = Object.values(beds).reduce((a, b) => a + b, 0) + vip

  const serviceCount = Math.min(HOSPITAL_SERVICES.length, rng.int(6, 12) + { A: 24, B: 16, C: 8, D: 2 }[klass])
  const services = HOSPITAL_SERVICES.slice(0, 3).concat(
    HOSPITAL_SERVICES.slice(3)
      .map((s) => ({ s, k: rng.next() }))
      .sort((a, b) => a.k - b.k)
      .slice(0, serviceCount - 3)
      .map((x) => x.s),
  )

  // Staff figures in the registry are full-time equivalents, hence the occasional .5
  const gp = rng.int(3, 12 + totalBeds / 20) + (rng.chance(0.3) ? 0.5 : 0)
  const basic = rng.int(1, 4 + totalBeds / 30) + (rng.chance(0.2) ? 0.5 : 0)
  const other = rng.int(0, 2 + totalBeds / 25) + (rng.chance(0.2) ? 0.25 : 0)
  const staffTotal = Math.round(gp + basic + other + totalBeds * (1.2 + rng.next()))

  const landArea = rng.int(2_000, 60_000)
  const buildingArea = Math.round(landArea * (0.3 + rng.next() * 0.5))
  const areaCode = `0${rng.int(21, 987)}`

  return {
    code,
    name: hospitalName(rng, type, ownership, regencyShortName(regency)),
    address: `Jl. ${rng.pick(STREETS)} No. ${rng.int(1, 250)}, Kec. ${district}`,
    phone: rng.chance(0.12) ? null : `(${areaCode}) ${rng.int(100000, 9999999)}`,
    type,
    class: klass,
    blu_status: blu,
    ownership,
    director: `dr. ${personName(rng)}, ${rng.pick(DOCTOR_SUFFIXES)}`,
    facilities: {
      land_area: `${landArea} m2`,
      building_area: rng.chance(0.15) ? '-' : `${buildingArea} m2`,
      total_beds: totalBeds,
    },
    beds,
    services: { count: services.length, list: services },
    staff: { total: staffTotal, general_practitioner: gp, basic_specialist: basic, other_specialist: other },
    province_code: regency.provinceCode,
    regency_code: regency.code,
    scraped_at: formatScrapedAt(
      SCRAPE_START_MS + Math.floor(rng.next() * SCRAPE_SPAN_MS),
      rng.int(0, 999_999),
    ),
  }
}

/** All sandbox hospitals for a seed (~3,000; about 15 ms). */
export function generateHospitals(seed: number, tree: RegionTree): HospitalRecord[] {
  const out: HospitalRecord[] = []
  for (const regency of tree.regencies) {
    const rng = prngFor(seed, 'hospital-count', regency.code)
    // cities have more hospitals per regency than rural regencies
    const count = isCity(regency) ? rng.int(6, 14) : rng.int(2, 9)
    for (let i = 0; i < count; i++) out.push(generateOne(seed, regency, tree, i))
  }
  return out
}
