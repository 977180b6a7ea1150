import { FIELD_WORDS, type FieldWordsLang } from '../../contract/field-words'

/**
 * What a job kind is called, in one language, and the words for the columns it reads. Every kind
 * folder has a `words.ts` with both languages (`satisfies KindWordsByLang`: a kind without them, or
 * with one language missing, does not compile). The app shows `name` (sent in its KindView), the
 * report's summary sheet `reportName`.
 */
export interface KindWords {
  /** the kind's name in the app: the New job menu, History, the job's title */
  name: string
  /** its name in the report's summary sheet ("Jenis pekerjaan") */
  reportName: string
  /** words for the fields it reads that contract/field-words.ts does not word (the mapping screen, the row detail) */
  fields?: Readonly<Record<string, string>>
  /**
   * headers of the report columns only this kind writes (the shared ones, a hospital's or a school's
   * fields, are in core/reports/labels); its sheets read them as `words[L.lang].columns`
   */
  columns?: Readonly<Record<string, string>>
}

export type KindWordsByLang = Readonly<Record<FieldWordsLang, KindWords>>

/** The word for each of `fields` in `lang`: the kind's own, else the shared one; null when neither has it. */
export function fieldWordsOf(words: KindWordsByLang, lang: FieldWordsLang, fields: readonly string[]): Record<string, string | null> {
  const shared = FIELD_WORDS[lang] as Record<string, string>
  return Object.fromEntries(fields.map((f) => [f, words[lang].fields?.[f] ?? shared[f] ?? null]))
}

/** What the example generator knows from the sandbox (seed 1), for a template's example row. */
export interface ExampleSamples {
  hospitalCode: string
  npsn: string
  schoolName: string
}

/**
 * A kind's template in examples/templates/<kind>.xlsx (written by scripts/make-examples.ts): its
 * header row as rekap guesses and maps it, and one example row.
 */
export interface ExampleTemplate {
  sheet: string
  headers: readonly string[]
  row(samples: ExampleSamples): Array<string | number>
  /** 1-based columns kept as text (codes with leading zeros) */
  textColumns: readonly number[]
}
