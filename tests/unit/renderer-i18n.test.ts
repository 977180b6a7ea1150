import { describe, expect, it } from 'vitest'
import { createI18n } from 'vue-i18n'
import { id } from '../../src-renderer/src/i18n/id'
import { en } from '../../src-renderer/src/i18n/en'
import { pickLanguage } from '../../src-renderer/src/i18n/language'

function leaves(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv)
  }
  return out
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('renderer messages', () => {
  const ids = leaves(id)
  const ens = leaves(en)

  it('Indonesian and English have exactly the same keys', () => {
    const onlyId = [...ids.keys()].filter((k) => !ens.has(k))
    const onlyEn = [...ens.keys()].filter((k) => !ids.has(k))
    expect({ onlyId, onlyEn }).toEqual({ onlyId: [], onlyEn: [] })
    expect(ids.size).toBeGreaterThan(150)
  })

  it('every message takes the same placeholders in both languages', () => {
    const differ = [...ids.keys()].filter((k) => placeholders(ids.get(k)!).join() !== placeholders(ens.get(k)!).join())
    expect(differ).toEqual([])
  })

  it('no message is empty or uses vue-i18n syntax characters by accident', () => {
    for (const [lang, map] of [['id', ids], ['en', ens]] as const) {
      for (const [k, v] of map) {
        expect(v.trim(), `${lang}:${k}`).not.toBe('')
        expect(/[@|$]/.test(v), `${lang}:${k} contains @, | or $`).toBe(false)
      }
    }
  })

  it('every message compiles and renders with its placeholders filled', () => {
    const i18n = createI18n({ legacy: false, locale: 'id', messages: { id, en }, missingWarn: false, fallbackWarn: false })
    const t = i18n.global.t as (key: string, params?: Record<string, unknown>) => string
    for (const lang of ['id', 'en'] as const) {
      i18n.global.locale.value = lang
      for (const [k, v] of lang === 'id' ? ids : ens) {
        const params = Object.fromEntries(placeholders(v).map((p) => [p, `<${p}>`]))
        const out = t(k, params)
        expect(out, `${lang}:${k}`).not.toBe(k)
        for (const p of placeholders(v)) expect(out, `${lang}:${k}`).toContain(`<${p}>`)
        expect(out.includes('{'), `${lang}:${k} left a brace`).toBe(false)
        // Texts without placeholders come out exactly as written (no character eaten by the compiler).
        if (!placeholders(v).length) expect(out, `${lang}:${k}`).toBe(v)
      }
    }
  })

  it('Indonesian says one word for one thing: buku kerja and lembar, never "workbook" or "sheet"', () => {
    // the New job screen says "Lembar" and "buku kerja"; English words for the same things crept in elsewhere
    const english = [...ids].filter(([, v]) => /\b(workbook|sheet)\b/i.test(v)).map(([k, v]) => `${k}: ${v}`)
    expect(english).toEqual([])
  })

  it('the blocked-state texts say what to do next', () => {
    expect(id.blocked['needs-top-up']).toBe('Saldo habis. Isi ulang saldo lalu lanjutkan.')
    expect(en.blocked['auth-failed']).toMatch(/Settings/)
  })
})

describe('pickLanguage', () => {
  it('uses a saved choice first', () => {
    expect(pickLanguage('en', 'id-ID')).toBe('en')
    expect(pickLanguage('id', 'en-US')).toBe('id')
  })
  it('is Indonesian unless the user chose otherwise, whatever the OS language', () => {
    expect(pickLanguage(null, 'id-ID')).toBe('id')
    expect(pickLanguage(undefined, 'en-GB')).toBe('id')
    expect(pickLanguage(null, 'en-US')).toBe('id')
    expect(pickLanguage(null, 'nl-NL')).toBe('id')
    expect(pickLanguage(null, '')).toBe('id')
  })
})
