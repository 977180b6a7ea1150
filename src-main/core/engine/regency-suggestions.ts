import type { RegionView } from '../../contract/ipc'
import type { JobSettings } from '../model/job-settings'
import { loadRegionTree } from '../regions/region-tree'
import { accountId } from './account-id'
import type { EngineCore } from './engine-core'

/** A user waits on suggestions while typing: a slow service gives way to the local tree. */
const SUGGEST_TIMEOUT_MS = 5_000

export interface RegencySuggestions {
  source: 'service' | 'local'
  items: RegionView[]
}

/** The local region tree's regencies whose name holds the typed text (free, offline). */
export function localRegencySuggestions(query: string): RegencySuggestions {
  const q = query.trim().toUpperCase()
  return {
    source: 'local',
    items: loadRegionTree()
      .regencies.filter((r) => r.name.includes(q))
      .slice(0, 10)
      .map((r) => ({ code: r.code, name: r.name, level: 'regency' as const, parentCode: r.provinceCode })),
  }
}

/**
 * Type to find a regency: the service's autocomplete (spec 4.1, type=regency, at most 10
 * results) as any other regional request: paced by the account's regional rate limiter and
 * counted as a regional hit (the service counts it too). When the service cannot answer
 * (offline, no key yet, no regional hit left) the local region tree answers, and says so.
 */
export async function regencySuggestions(core: EngineCore, settings: JobSettings, query: string): Promise<RegencySuggestions> {
  let started: (() => void) | null = null
  try {
    const { client, target } = await core.access.clientFor(settings, 'regions', SUGGEST_TIMEOUT_MS)
    const account = accountId(target, core.ctx.accountSecret?.())
    const hits = core.access.hitsOf(account, 'regional')
    if (!(await hits.tryStart(settings.monthlyQuota.regional))) return localRegencySuggestions(query)
    started = () => hits.unstart()
    const signal = AbortSignal.timeout(SUGGEST_TIMEOUT_MS)
    await core.access.limiterFor(target, 'regional', settings).take(signal)
    const items = await client.autocomplete({ query, type: 'regency' }, { signal })
    core.store.usage.addHits('regional', 1, core.now(), account)
    started = null
    const tree = loadRegionTree()
    return {
      source: 'service',
      items: items
        .filter((i) => /^\d{4}$/.test(i.code))
        .map((i) => ({ code: i.code, name: i.name, level: 'regency' as const, parentCode: tree.regencyByCode.get(i.code)?.provinceCode ?? i.code.slice(0, 2) })),
    }
  } catch {
    started?.()
    return localRegencySuggestions(query)
  }
}
