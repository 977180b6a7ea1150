import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { readCsvRecords } from '../csv/csv-text'

/**
 * The real Indonesian region tree from the npm package idn-area-data (data under ODbL).
 * The package ships dotted codes ('32.73.01') and title-case names; the service speaks
 * plain digits ('327301') and upper-case regency names (spec 2.3), so both are converted
 * once here. Reading the three CSVs directly takes ~30 ms, well inside the startup budget.
 */
export interface Province {
  code: string // 2 digits
  name: string
}
export interface Regency {
  code: string // 4 digits
  /** upper case, as the spec's regency items carry it */
  name: string
  provinceCode: string
}
export interface District {
  code: string // 6 digits
  name: string
  regencyCode: string
}

export interface RegionTree {
  provinces: Province[]
  regencies: Regency[]
  districts: District[]
  provinceByCode: Map<string, Province>
  regencyByCode: Map<string, Regency>
  districtByCode: Map<string, District>
  regenciesByProvince: Map<string, Regency[]>
  districtsByRegency: Map<string, District[]>
}

/** A dotted package code ('32.73.01') as the service writes it ('327301'). */
export const stripDots = (code: string): string => code.replace(/\./g, '')

/** idn-area-data's CSV folder: the package is read as data, never imported (see ../reports/region-names.ts). */
function idnAreaDataDir(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('idn-area-data/package.json')), 'data')
}

/** The records of one of idn-area-data's CSVs (provinces.csv, regencies.csv, districts.csv), as the package ships them. */
export function readArea(file: 'provinces.csv' | 'regencies.csv' | 'districts.csv'): Array<Record<string, string>> {
  const rows: Array<Record<string, string>> = []
  readCsvRecords(readFileSync(join(idnAreaDataDir(), file), 'utf8'), (r) => rows.push(r))
  return rows
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = out.get(k)
    if (list) list.push(item)
    else out.set(k, [item])
  }
  return out
}

let cached: RegionTree | null = null

/** Loads (once per process) the province, regency and district lists. */
export function loadRegionTree(): RegionTree {
  if (cached) return cached
  const provinces = readArea('provinces.csv').map((r) => ({ code: stripDots(r.code), name: r.name }))
  const regencies = readArea('regencies.csv').map((r) => ({
    code: stripDots(r.code),
    name: r.name.toUpperCase(),
    provinceCode: stripDots(r.province_code),
  }))
  const districts = readArea('districts.csv').map((r) => ({
    code: stripDots(r.code),
    name: r.name,
    regencyCode: stripDots(r.regency_code),
  }))
  cached = {
    provinces,
    regencies,
    districts,
    provinceByCode: new Map(provinces.map((p) => [p.code, p])),
    regencyByCode: new Map(regencies.map((r) => [r.code, r])),
    districtByCode: new Map(districts.map((d) => [d.code, d])),
    regenciesByProvince: groupBy(regencies, (r) => r.provinceCode),
    districtsByRegency: groupBy(districts, (d) => d.regencyCode),
  }
  return cached
}

/** 'KABUPATEN ACEH SELATAN' -> 'ACEH SELATAN', 'KOTA BANDUNG' -> 'BANDUNG' (for generated names). */
export function regencyShortName(regency: Regency): string {
  return regency.name.replace(/^(KABUPATEN ADMINISTRASI|KABUPATEN|KOTA ADMINISTRASI|KOTA)\s+/, '')
}

export function isCity(regency: Regency): boolean {
  return regency.name.startsWith('KOTA')
}
