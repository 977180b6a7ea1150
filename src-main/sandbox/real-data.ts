import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { BluStatus, HospitalClass, HospitalRecord, HospitalType, Ownership } from '../core/provider/types'
import { readCsvRecords, readCsvRows } from '../core/csv/csv-text'
import { formatScrapedAt } from './hospital-generator'
import { DOCTOR_SUFFIXES, FIRST_NAMES, HOSPITAL_SERVICES, LAST_NAMES } from './name-lists'
import { hashParts, prngFor, type Prng } from './prng'
import type { RegionTree } from '../core/regions/region-tree'
import { ACCREDITATIONS, type SchoolRow } from './school-generator'

/**
 * `--data-dir DIR`: real directory data in the format of shared/data/README.md
 * (hospitals.csv from the Kemenkes registry, schools.csv.gz from Kemdikbud 2019).
 * Source values are mapped into the spec's enums; fields the sources lack are filled
 * deterministically from (seed, record code), so a record looks the same on every run.
 */

// --- hospitals -------------------------------------------------------------------------

/**
 * type: the registry has 17 kinds. 'Rumah Sakit Khusus Ibu dan Anak' -> 'Rumah Sakit Ibu dan Anak',
 * 'Rumah Sakit Khusus Jiwa' -> 'Rumah Sakit Jiwa', every other 'Rumah Sakit Khusus …' and
 * 'Rumah Sakit Ketergantungan Obat' -> 'Rumah Sakit Khusus', anything else (general, 'RS Kapal/Bergerak')
 * -> 'Rumah Sakit Umum'.
 */
export function mapHospitalType(source: string): HospitalType {
  const s = source.trim().toLowerCase()
  if (s.includes('ibu dan anak')) return 'Rumah Sakit Ibu dan Anak'
  if (s.includes('jiwa')) return 'Rumah Sakit Jiwa'
  if (s.includes('khusus') || s.includes('ketergantungan')) return 'Rumah Sakit Khusus'
  return 'Rumah Sakit Umum'
}

/** class: 'D PRATAMA' -> 'D'; empty ('Belum Ditetapkan' in the source) -> 'D', the basic class. */
export function mapHospitalClass(source: string): HospitalClass {
  const first = source.trim().toUpperCase().charAt(0)
  return first === 'A' || first === 'B' || first === 'C' ? first : 'D'
}

/** blu_status: 'BLU' (central) and 'BLUD' (regional) -> 'BLUD'; 'Non BLU/BLUD' -> 'Non BLUD'. */
export function mapBluStatus(source: string): BluStatus {
  return /^BLUD?$/i.test(source.trim()) ? 'BLUD' : 'Non BLUD'
}

/**
 * ownership: Pemkab/Pemkot keep their value; 'Pemprop' -> 'Pemprov'; 'TNI AD/AL/AU' and 'POLRI'
 * -> 'TNI/Polri'; central government ('Kemkes', 'Kementerian Lain') has no spec value and maps to
 * 'Pemprov', the nearest public owner; companies, foundations, religious organisations, individuals,
 * BUMN and 'SWASTA/LAINNYA' -> 'Swasta'. Empty (4 shifted source rows) -> null, filled by the caller.
 */
export function mapOwnership(source: string): Ownership | null {
  const s = source.trim().toUpperCase()
  if (s === '') return null
  if (s === 'PEMKAB') return 'Pemkab'
  if (s === 'PEMKOT') return 'Pemkot'
  if (s === 'PEMPROP' || s === 'PEMPROV') return 'Pemprov'
  if (s.startsWith('TNI') || s === 'POLRI') return 'TNI/Polri'
  if (s === 'KEMKES' || s === 'KEMENTERIAN LAIN') return 'Pemprov'
  return 'Swasta'
}

const toInt = (s: string): number | null => (/^\d+$/.test(s.trim()) ? Number(s) : null)

function filledHospital(rng: Prng, rec: Record<string, string>): HospitalRecord {
  // total_beds/total_services/total_staff come from the source; a missing or zero value is
  // replaced by a plausible one because the spec's record has no way to say "unknown" there.
  const totalBeds = toInt(rec.total_beds) || rng.int(20, 150)
  const serviceCount = Math.min(HOSPITAL_SERVICES.length, Math.max(3, toInt(rec.total_services) || rng.int(5, 20)))
  const staffTotal = toInt(rec.total_staff) || Math.round(totalBeds * (1.2 + rng.next()))
  // beds by class are not in the source: split total_beds in typical proportions
  const hcu = Math.round(totalBeds * 0.03)
  const perinatology = Math.round(totalBeds * 0.04)
  const icu = Math.round(totalBeds * 0.03)
  const classI = Math.round(totalBeds * 0.15)
  const classII = Math.round(totalBeds * 0.2)
  const classIII = Math.max(0, totalBeds - hcu - perinatology - icu - classI - classII)
  const gp = Math.max(1, Math.round(staffTotal * 0.06)) + (rng.chance(0.3) ? 0.5 : 0)
  const basic = Math.round(staffTotal * 0.04) + (rng.chance(0.2) ? 0.5 : 0)
  const other = Math.round(staffTotal * 0.03)
  const landArea = rng.int(2_000, 60_000)
  const ownership = mapOwnership(rec.ownership) ?? rng.pick<Ownership>(['Pemkab', 'Pemprov', 'Swasta'])
  return {
    code: rec.code,
    name: rec.name,
    address: rec.address,
    phone: rng.chance(0.12) ? null : `(0${rng.int(21, 987)}) ${rng.int(100000, 9999999)}`,
    type: mapHospitalType(rec.type),
    class: mapHospitalClass(rec.hospital_class),
    blu_status: mapBluStatus(rec.blu_status),
    ownership,
    director: `dr. ${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}, ${rng.pick(DOCTOR_SUFFIXES)}`,
    facilities: {
      land_area: `${landArea} m2`,
      building_area: rng.chance(0.15) ? '-' : `${Math.round(landArea * (0.3 + rng.next() * 0.5))} m2`,
      total_beds: totalBeds,
    },
    beds: {
      class_i: classI,
      class_ii: classII,
      class_iii: classIII,
      hcu,
      perinatology,
      icu_with_ventilator: icu,
    },
    services: { count: serviceCount, list: HOSPITAL_SERVICES.slice(0, serviceCount) },
    staff: { total: staffTotal, general_practitioner: gp, basic_specialist: basic, other_specialist: other },
    province_code: rec.province_code,
    regency_code: rec.regency_code,
    scraped_at: formatScrapedAt(Date.UTC(2025, 7, 12) + rng.int(0, 4 * 86_400_000), rng.int(0, 999_999)),
  }
}

export async function loadRealHospitals(dataDir: string, seed: number): Promise<HospitalRecord[]> {
  const text = await readFile(join(dataDir, 'hospitals.csv'), 'utf8')
  const out: HospitalRecord[] = []
  readCsvRecords(text, (rec) => {
    if (!rec.code) return
    out.push(filledHospital(prngFor(seed, 'real-hospital', rec.code), rec))
  })
  return out
}

// --- schools ---------------------------------------------------------------------------

/** level -> grade: SD, SMP, SMA, SMK as they are; SLB, SDLB, SMPLB, SMLB -> 'SLB'. */
export function mapSchoolGrade(level: string): string {
  const s = level.trim().toUpperCase()
  return s.endsWith('LB') || s === 'SLB' ? 'SLB' : s
}

/** status: 'Negeri' -> 'N', 'Swasta' -> 'S'. */
export function mapSchoolStatus(status: string): 'N' | 'S' {
  return status.trim().toLowerCase().startsWith('n') ? 'N' : 'S'
}

/**
 * Schools, grouped by regency code. Region names come from our own tree so they match the
 * regional endpoints (regency names upper case). Fills: accreditation (absent in the source)
 * deterministically from the NPSN; a missing district (0.75% of rows) -> a district of the same
 * regency chosen from the NPSN; missing coordinates -> the mean of the regency's known ones.
 */
export async function loadRealSchools(
  dataDir: string,
  seed: number,
  tree: RegionTree,
): Promise<Map<string, SchoolRow[]>> {
  const zipped = await readFile(join(dataDir, 'schools.csv.gz'))
  // gunzip runs on libuv's thread pool, so only the parse below occupies the event loop
  const text = (await promisify(gunzip)(zipped)).toString('utf8')
  const byRegency = new Map<string, SchoolRow[]>()
  readCsvRows(text, (_fields, col) => {
    const regency = tree.regencyByCode.get(col('regency_code'))
    const npsn = col('npsn')
    if (!regency || !npsn) return
    const pick = hashParts(seed, 'real-school', npsn)
    const districts = tree.districtsByRegency.get(regency.code) ?? []
    const district = tree.districtByCode.get(col('district_code')) ?? districts[pick % Math.max(1, districts.length)]
    const row: SchoolRow = {
      npsn,
      name: col('name'),
      grade: mapSchoolGrade(col('level')),
      status: mapSchoolStatus(col('status')),
      accreditation: ACCREDITATIONS[(pick >>> 8) % ACCREDITATIONS.length],
      address: col('address'),
      province_code: regency.provinceCode,
      province_name: tree.provinceByCode.get(regency.provinceCode)?.name ?? col('province_name'),
      regency_code: regency.code,
      regency_name: regency.name,
      district_code: district?.code ?? '',
      district_name: district?.name ?? '',
      lang: col('latitude'),
      long: col('longitude'),
    }
    const list = byRegency.get(regency.code)
    if (list) list.push(row)
    else byRegency.set(regency.code, [row])
  })
  for (const rows of byRegency.values()) fillMissingCoordinates(rows)
  return byRegency
}

function fillMissingCoordinates(rows: SchoolRow[]): void {
  const known = rows.filter((r) => r.lang !== '' && r.long !== '')
  if (known.length === rows.length) return
  const mean = (pick: (r: SchoolRow) => number, fallback: number): string =>
    (known.length ? known.reduce((a, r) => a + pick(r), 0) / known.length : fallback).toFixed(6)
  const lat = mean((r) => Number(r.lang), -2.5)
  const long = mean((r) => Number(r.long), 118)
  for (const r of rows) {
    if (r.lang === '' || r.long === '') {
      r.lang = lat
      r.long = long
    }
  }
}
