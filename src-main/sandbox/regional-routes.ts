import { LIMITS, MESSAGES, type AutocompleteItem, type DistrictItem, type ProvinceItem, type RegencyItem } from '../core/provider/types'
import { success } from './http-io'
import { normalisePage, paginate } from './paging'
import type { Regency, RegionTree } from '../core/regions/region-tree'
import { containsIgnoreCase, param, type Route } from './route-types'

/**
 * Regional lookup (spec 4.1). Province and district item fields are "not shown"; the sandbox
 * sends {code, name} and {code, name, regency_code}. Regencies are paged by 100 like schools
 * (the spec gives a page parameter but no size). The 401 text of the regional endpoints is not
 * shown; the schools text is used.
 */
const REGENCY_PAGE_SIZE = 100

export function regencyItem(tree: RegionTree, r: Regency): RegencyItem {
  const province = tree.provinceByCode.get(r.provinceCode)
  return { code: r.code, name: r.name, province: { code: r.provinceCode, name: province?.name ?? '' } }
}

/** Autocomplete over one level; 'regency' is the spec's value, province/district are extras. */
export function autocomplete(tree: RegionTree, query: string, type: string): AutocompleteItem[] {
  const levels: Record<string, Array<{ code: string; name: string }>> = {
    province: tree.provinces,
    regency: tree.regencies,
    district: tree.districts,
  }
  const items = levels[type] ?? tree.regencies
  const kind = levels[type] ? type : 'regency'
  const q = query.toLowerCase()
  // names that start with the query first, then those that merely contain it
  const starts: AutocompleteItem[] = []
  const contains: AutocompleteItem[] = []
  for (const item of items) {
    const name = item.name.toLowerCase()
    const short = name.replace(/^(kabupaten|kota)\s+/, '')
    if (name.startsWith(q) || short.startsWith(q)) starts.push({ code: item.code, name: item.name, type: kind })
    else if (name.includes(q)) contains.push({ code: item.code, name: item.name, type: kind })
    if (starts.length >= LIMITS.autocompleteMax) break
  }
  return starts.concat(contains).slice(0, LIMITS.autocompleteMax)
}

const unauthorizedText = MESSAGES.schoolsUnauthorized

export const regionalRoutes: Route[] = [
  {
    method: 'GET',
    path: '/regional/indonesia/provinces',
    product: 'regional',
    unauthorizedText,
    async handle({ tree }) {
      const data: ProvinceItem[] = tree.provinces.map((p) => ({ code: p.code, name: p.name }))
      return success(data)
    },
  },
  {
    method: 'GET',
    path: '/regional/indonesia/regencies',
    product: 'regional',
    unauthorizedText,
    async handle({ tree, query }) {
      const name = param(query, 'name')
      const provinceCode = param(query, 'province_code')
      let list = tree.regencies
      if (provinceCode !== null) list = tree.regenciesByProvince.get(provinceCode) ?? []
      if (name !== null) list = list.filter((r) => containsIgnoreCase(r.name, name))
      const { data, paging } = paginate(list, normalisePage(query.get('page')), REGENCY_PAGE_SIZE)
      return success(
        data.map((r) => regencyItem(tree, r)),
        paging,
      )
    },
  },
  {
    method: 'GET',
    path: '/regional/indonesia/districts',
    product: 'regional',
    unauthorizedText,
    async handle({ tree, query }) {
      const regencyCode = param(query, 'regency_code')
      const list = regencyCode === null ? tree.districts : (tree.districtsByRegency.get(regencyCode) ?? [])
      const data: DistrictItem[] = list.map((d) => ({ code: d.code, name: d.name, regency_code: d.regencyCode }))
      return success(data)
    },
  },
  {
    method: 'GET',
    path: '/regional/indonesia/autocomplete',
    product: 'regional',
    unauthorizedText,
    async handle({ tree, query }) {
      return success(autocomplete(tree, param(query, 'query') ?? '', param(query, 'type') ?? 'regency'))
    },
  },
]
