/**
 * Region names come from idn-area-data's CSVs read by our own CSV reader, not from the package's
 * getters (which import papaparse: ~185 M instructions of CommonJS lexing at load, issue 27). The
 * names must be the ones the getters give, every code, the quoted 'Ra"as' included.
 */
import { describe, expect, it } from 'vitest'
import { getDistricts, getProvinces, getRegencies } from 'idn-area-data'
import { loadRegionNames } from '../../src-main/core/reports/region-names'
import type { DirectoryCache } from '../../src-main/core/store'

describe('region names from the package', () => {
  it('are the names idn-area-data’s own getters give, for every code', async () => {
    const names = await loadRegionNames({ regionNames: () => new Map<string, string>() } as unknown as DirectoryCache)
    const areas = (await Promise.all([getProvinces(), getRegencies(), getDistricts()])).flat()
    expect(areas.length).toBe(38 + 514 + 7285)
    const wrong = areas.filter((a) => names.name(a.code.replace(/\./g, '')) !== a.name)
    expect(wrong).toEqual([])
    expect(names.name('352922')).toBe('Ra"as')
    expect(names.name('3273')).toBe('Kota Bandung')
    expect(names.name('99')).toBeNull()
    expect(names.name(null)).toBeNull()
  })

  it('prefers the local cache’s name for a code it holds', async () => {
    const names = await loadRegionNames({ regionNames: () => new Map([['3273', 'KOTA BANDUNG (cache)']]) } as unknown as DirectoryCache)
    expect(names.name('3273')).toBe('KOTA BANDUNG (cache)')
    expect(names.name('11')).toBe('Aceh')
  })
})
