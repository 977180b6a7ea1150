import { defineStore } from 'pinia'
import type { DirectoryPage, DirectoryQuery, Lang, RegionView } from '../../../src-main/contract/ipc'
import { directoryAreaMissing } from '../../../src-main/contract/directory-area'
import { getApi } from '../api'
import { useProgressStore } from './progress'

export type Product = DirectoryQuery['product']

export interface DirectoryFilters {
  class: string
  type: string
  ownership: string
  blu_status: string
  grade: string
  status: '' | 'N' | 'S'
  name: string
  /** hospitals: words their services list must have (applied by rekap; the service has no such filter) */
  services: string
  /** schools: premium accounts only */
  accreditation: string
}

const emptyFilters = (): DirectoryFilters => ({ class: '', type: '', ownership: '', blu_status: '', grade: '', status: '', name: '', services: '', accreditation: '' })

export interface ValueLists {
  type: string[]
  class: string[]
  ownership: string[]
  blu_status: string[]
}

export const BROWSE_PAGE = 50

/**
 * Directory screen state: chosen regions and filters, the last sync job, the page being browsed.
 * The query sent to the engine only carries the filters of the chosen product.
 */
export const useDirectoryStore = defineStore('directory', {
  state: () => ({
    product: 'hospitals' as Product,
    provinces: [] as RegionView[],
    regencies: {} as Record<string, RegionView[]>,
    provinceCodes: [] as string[],
    regencyCodes: [] as string[],
    filters: emptyFilters(),
    /** hospital filter values as the service publishes them (loaded, never hard-coded) */
    valueLists: null as ValueLists | null,
    districts: {} as Record<string, RegionView[]>,
    districtCodes: [] as string[],
    suggestions: [] as RegionView[],
    suggestionSource: null as 'service' | 'local' | null,
    search: null as { rows: Array<Record<string, unknown>>; premiumRequired: string | null } | null,
    syncJobId: null as string | null,
    page: null as DirectoryPage | null,
    offset: 0,
    exported: null as { path: string; fileName: string; downloadUrl: string | null; notCovered: string | null } | null,
  }),
  getters: {
    query(state): DirectoryQuery {
      const q: DirectoryQuery = { product: state.product }
      if (state.provinceCodes.length) q.provinceCodes = [...state.provinceCodes]
      if (state.regencyCodes.length) q.regencyCodes = [...state.regencyCodes]
      const f = state.filters
      if (state.product === 'hospitals') {
        if (f.services.trim()) q.services = f.services.trim()
        if (f.class) q.class = f.class
        if (f.type) q.type = f.type
        if (f.ownership) q.ownership = f.ownership
        if (f.blu_status) q.blu_status = f.blu_status
      } else {
        if (f.grade) q.grade = f.grade
        if (f.status) q.status = f.status
        if (state.districtCodes.length) q.districtCodes = [...state.districtCodes]
        if (f.accreditation) q.accreditation = f.accreditation
      }
      if (f.name.trim()) q.name = f.name.trim()
      return q
    },
    /** The one area rule (contract/directory-area.ts): schools need a regency or a province (expanded by the engine). */
    canSync(state): boolean {
      return !directoryAreaMissing({ product: state.product, provinceCodes: state.provinceCodes, regencyCodes: state.regencyCodes, districtCodes: state.districtCodes })
    },
  },
  actions: {
    async loadProvinces() {
      if (this.provinces.length) return
      this.provinces = await getApi().directory.regions({ level: 'province' })
    },
    async toggleProvince(code: string, on: boolean) {
      if (on) {
        if (!this.provinceCodes.includes(code)) this.provinceCodes.push(code)
        if (!this.regencies[code]) this.regencies[code] = await getApi().directory.regions({ level: 'regency', parentCode: code })
      } else {
        this.provinceCodes = this.provinceCodes.filter((c) => c !== code)
        // Regencies of a province no longer chosen would silently narrow nothing; drop them.
        this.regencyCodes = this.regencyCodes.filter((c) => !c.startsWith(code))
      }
    },
    async toggleRegency(code: string, on: boolean) {
      if (on && !this.regencyCodes.includes(code)) this.regencyCodes.push(code)
      if (!on) {
        this.regencyCodes = this.regencyCodes.filter((c) => c !== code)
        this.districtCodes = this.districtCodes.filter((c) => !c.startsWith(code))
      }
      // School records carry their district: a chosen regency's districts can narrow the browse.
      if (on && this.product === 'schools' && !this.districts[code]) {
        this.districts[code] = await getApi().directory.regions({ level: 'district', parentCode: code })
      }
    },
    toggleDistrict(code: string, on: boolean) {
      if (on && !this.districtCodes.includes(code)) this.districtCodes.push(code)
      if (!on) this.districtCodes = this.districtCodes.filter((c) => c !== code)
    },
    async loadValueLists() {
      if (!this.valueLists) this.valueLists = await getApi().directory.valueLists({})
    },
    /** Type to find a regency (the service's autocomplete). */
    async suggest(text: string) {
      if (text.trim().length < 2) {
        this.suggestions = []
        return
      }
      const r = await getApi().directory.autocomplete({ query: text.trim() })
      this.suggestions = r.items
      this.suggestionSource = r.source
    },
    /** A suggestion picked: its province and the regency are chosen. */
    async pickRegency(r: RegionView) {
      if (r.parentCode) await this.toggleProvince(r.parentCode, true)
      await this.toggleRegency(r.code, true)
      this.suggestions = []
    },
    async searchSchools(text: string) {
      this.search = await getApi().directory.schoolSearch({ query: text.trim() })
    },
    setProduct(product: Product) {
      this.product = product
      this.search = null
      this.page = null
      this.exported = null
      this.syncJobId = null
    },
    async sync() {
      const p = await getApi().directory.sync(this.query)
      useProgressStore().put(p)
      this.syncJobId = p.jobId
      return p
    },
    async browse(offset = 0) {
      this.page = await getApi().directory.browse({ query: this.query, offset, limit: BROWSE_PAGE })
      this.offset = offset
    },
    async exportReport(lang: Lang) {
      this.exported = await getApi().directory.export({ query: this.query, lang })
      return this.exported
    },
  },
})
