import type { SchoolRecordWire, SchoolStatus } from '../core/provider/types'
import { PRIVATE_SCHOOL_FOUNDATIONS, SMK_PROGRAM_WORDS, STREETS } from './name-lists'
import { prngFor, type Prng } from './prng'
import { regencyShortName, type District, type RegionTree, type Regency } from '../core/regions/region-tree'

/**
 * Sandbox schools, generated per regency on first use (all 514 regencies together are
 * ~170k records; one regency takes a few milliseconds), deterministic for (seed, regency).
 * Every district gets SD, SMP and usually SMA/SMK schools, some get an SLB; both N and S.
 *
 * NPSN = 10,000,000 + regencyIndex * 20,000 + n: 8 digits, unique, and it tells which
 * regency to generate when a client looks a school up by NPSN alone.
 */
export const SCHOOL_GRADES = ['SD', 'SMP', 'SMA', 'SMK', 'SLB'] as const
export type SchoolGrade = (typeof SCHOOL_GRADES)[number]
export const ACCREDITATIONS = ['A', 'B', 'C', 'TT'] as const

const NPSN_BASE = 10_000_000
const NPSN_PER_REGENCY = 20_000

/** A school as the sandbox stores it: premium values always real; the route masks them. */
export type SchoolRow = SchoolRecordWire

/** [min, max] schools per district and the share of state (N) schools, per grade */
const GRADE_PLAN: Record<SchoolGrade, { count: [number, number]; stateShare: number }> = {
  SD: { count: [8, 28], stateShare: 0.85 },
  SMP: { count: [2, 6], stateShare: 0.6 },
  SMA: { count: [0, 3], stateShare: 0.5 },
  SMK: { count: [0, 3], stateShare: 0.3 },
  SLB: { count: [0, 1], stateShare: 0.4 },
}

export function npsnRegencyIndex(npsn: string): number | null {
  if (!/^\d{8}$/.test(npsn)) return null
  const n = Number(npsn) - NPSN_BASE
  if (n < 0) return null
  return Math.floor(n / NPSN_PER_REGENCY)
}

function schoolName(
  rng: Prng,
  grade: SchoolGrade,
  status: SchoolStatus,
  stateNumber: number,
  district: District,
  place: string,
): string {
  if (status === 'N') {
    // SD are numbered within the district, secondary schools within the regency
    const where = grade === 'SD' ? district.name.toUpperCase() : place
    return `${grade} NEGERI ${stateNumber} ${where}`
  }
  const foundation = rng.pick(PRIVATE_SCHOOL_FOUNDATIONS)
  if (grade === 'SMK' && rng.chance(0.4)) return `SMK ${foundation} ${rng.pick(SMK_PROGRAM_WORDS)} ${place}`
  return `${grade} ${foundation} ${rng.int(1, 9)} ${place}`
}

function formatCoordinate(value: number): string {
  return value.toFixed(6)
}

/** Generates every school of one regency; same (seed, tree, regency) -> same records. */
export function generateSchoolsForRegency(seed: number, tree: RegionTree, regency: Regency): SchoolRow[] {
  const regencyIndex = tree.regencies.indexOf(regency)
  const province = tree.provinceByCode.get(regency.provinceCode)
  const districts = tree.districtsByRegency.get(regency.code) ?? []
  const rng = prngFor(seed, 'schools', regency.code)
  const place = regencyShortName(regency)
  // a plausible centre somewhere over the archipelago; schools scatter ~20 km around it
  const centreLat = -10 + rng.next() * 15
  const centreLong = 95.5 + rng.next() * 45
  const stateCounters: Record<SchoolGrade, number> = { SD: 0, SMP: 0, SMA: 0, SMK: 0, SLB: 0 }
  const rows: SchoolRow[] = []
  for (const district of districts) {
    let sdCounter = 0
    for (const grade of SCHOOL_GRADES) {
      const plan = GRADE_PLAN[grade]
      const count = rng.int(plan.count[0], plan.count[1])
      for (let k = 0; k < count; k++) {
        const status: SchoolStatus = rng.chance(plan.stateShare) ? 'N' : 'S'
        const number = status === 'N' ? (grade === 'SD' ? ++sdCounter : ++stateCounters[grade]) : 0
        rows.push({
          npsn: String(NPSN_BASE + regencyIndex * NPSN_PER_REGENCY + rows.length + 1),
          name: schoolName(rng, grade, status, number, district, place),
          grade,
          status,
          accreditation: rng.pick(['A', 'A', 'B', 'B', 'B', 'C', 'TT']),
          address: `Jl. ${rng.pick(STREETS)} No. ${rng.int(1, 200)}`,
          province_code: regency.provinceCode,
          province_name: province?.name ?? '',
          regency_code: regency.code,
          regency_name: regency.name,
          district_code: district.code,
          district_name: district.name,
          lang: formatCoordinate(centreLat + (rng.next() - 0.5) * 0.4),
          long: formatCoordinate(centreLong + (rng.next() - 0.5) * 0.4),
        })
      }
    }
  }
  return rows
}
