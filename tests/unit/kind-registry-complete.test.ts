/**
 * Issue 25: a job kind's folder carries everything of the kind. Adding one touches
 * src-main/core/kinds/<kind>/, the contract's kind list and the registry's line (docs/maintainers.md,
 * "Add a job kind"). This lists what the registry must give for every kind, in both languages, and
 * checks that the tables a kind used to be scattered over (report labels, renderer i18n, the
 * example generator) no longer name a kind.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JOB_KINDS } from '../../src-main/contract/job-kinds'
import { autoMap, guessKind, kindModule, kindViews } from '../../src-main/core/kinds/registry'
import { fieldWordsOf } from '../../src-main/core/kinds/kind-words'
import { REPO_ROOT } from '../helpers/temp-dir'

const LANGS = ['id', 'en'] as const
const SAMPLES = { hospitalCode: '3273011', npsn: '20219316', schoolName: 'SD Negeri 1 Bandung' }

describe('every job kind carries its names, words and template (issue 25)', () => {
  it.each(JOB_KINDS)('%s: a name and a report name in id and en', (kind) => {
    const { words } = kindModule(kind)
    for (const lang of LANGS) {
      expect(words[lang].name.trim(), `${kind} ${lang} name`).not.toBe('')
      expect(words[lang].reportName.trim(), `${kind} ${lang} reportName`).not.toBe('')
    }
    // Indonesian first: the Indonesian name is not the English one left untranslated
    expect(words.id.name).not.toBe(words.en.name)
    // its own report columns (if any) are worded in both languages
    const columns = (lang: 'id' | 'en') => Object.keys(words[lang].columns ?? {}).sort()
    expect(columns('en')).toEqual(columns('id'))
    for (const lang of LANGS) for (const w of Object.values(words[lang].columns ?? {})) expect(w.trim()).not.toBe('')
  })

  it.each(JOB_KINDS)('%s: a word for every field it reads, in id and en', (kind) => {
    const m = kindModule(kind)
    for (const lang of LANGS) {
      const words = fieldWordsOf(m.words, lang, m.fields.map((f) => f.field))
      const missing = Object.entries(words).filter(([, w]) => !w).map(([f]) => f)
      expect(missing, `${kind} ${lang}`).toEqual([])
    }
  })

  it.each(JOB_KINDS)('%s: its example template maps to it and, when guessed, is guessed as it', (kind) => {
    const m = kindModule(kind)
    const t = m.example
    expect(t.row(SAMPLES)).toHaveLength(t.headers.length)
    for (const col of t.textColumns) expect(col >= 1 && col <= t.headers.length).toBe(true)
    expect(autoMap(kind, [...t.headers]).missing).toEqual([])
    if (m.guessRank !== null) expect(guessKind([...t.headers])).toBe(kind)
  })

  it('app.info sends every kind with its name and field words in both languages', () => {
    const views = kindViews()
    expect(views.map((v) => v.kind).sort()).toEqual([...JOB_KINDS].sort())
    for (const v of views) {
      for (const lang of LANGS) {
        expect(v.words[lang].name).toBe(kindModule(v.kind).words[lang].name)
        expect(Object.keys(v.words[lang].fields).sort()).toEqual(kindModule(v.kind).fields.map((f) => f.field).sort())
      }
    }
  })

  it('the report labels, the renderer texts and the example generator name no job kind', () => {
    const files = [
      'src-main/core/reports/labels/id.ts',
      'src-main/core/reports/labels/en.ts',
      'src-renderer/src/i18n/id.ts',
      'src-renderer/src/i18n/en.ts',
      'scripts/make-examples.ts',
    ]
    const found: string[] = []
    for (const file of files) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8')
      // 'regions' is also a sheet's name and 'face-match' a product's (rates, plans); the other kinds' names are theirs alone
      for (const kind of JOB_KINDS.filter((k) => k !== 'regions' && k !== 'face-match')) {
        if (text.includes(`'${kind}'`)) found.push(`${file}: ${kind}`)
      }
    }
    expect(found).toEqual([])
  })
})
