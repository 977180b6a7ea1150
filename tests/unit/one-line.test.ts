/**
 * oneLine: a value put into a message keeps to the message's line (a line feed in a cell, a file
 * or sheet name becomes a visible `\x0a`), while the message's own line breaks stay. The CLI's
 * catalogue and core's texts apply it to every parameter.
 */
import { describe, expect, it } from 'vitest'
import { oneLine, oneLineArgs, oneLineMessages } from '../../src-main/contract/one-line'
import { coreText, renderCoreText } from '../../src-main/core/texts/core-text'
import { messagesFor } from '../../src-main/cli/cli-language'
import { failureText } from '../../src-main/cli/failure-text'

const FORGED = '12\nplan: 1 row, at most Rp0'

describe('oneLine', () => {
  it('shows every line break as an escape, in the terminal guard style', () => {
    expect(oneLine(FORGED)).toBe('12\\x0aplan: 1 row, at most Rp0')
    expect(oneLine('a\r\nb\u000bc\u000cd\u0085e\u2028f\u2029g')).toBe('a\\x0d\\x0ab\\x0bc\\x0cd\\x85e\\u2028f\\u2029g')
  })

  it('leaves other text, tabs included, as it is, and is idempotent', () => {
    expect(oneLine('Rp1.234 — Bandung\tx')).toBe('Rp1.234 — Bandung\tx')
    expect(oneLine(oneLine(FORGED))).toBe(oneLine(FORGED))
  })

  it('oneLineArgs escapes string arguments only; the template keeps its own line break', () => {
    const msg = oneLineArgs((name: string, n: number) => `file ${name}\n${n} rows`)
    expect(msg('a\nb', 3)).toBe('file a\\x0ab\n3 rows')
  })

  it('oneLineMessages wraps nested tables and leaves skipped entries and non-functions alone', () => {
    const table = { a: (s: string) => `<${s}>`, nested: { b: (s: string) => s }, help: { c: (s: string) => s }, yes: /^y$/i, word: 'x\ny' }
    const safe = oneLineMessages(table, ['help'])
    expect(safe.a('1\n2')).toBe('<1\\x0a2>')
    expect(safe.nested.b('\u2028')).toBe('\\u2028')
    expect(safe.help.c('1\n2')).toBe('1\n2')
    expect(safe.yes).toBe(table.yes)
    expect(safe.word).toBe('x\ny')
  })
})

describe('where it is applied', () => {
  it('core texts: string parameters, also inside a location, in both languages', () => {
    const text = coreText('import.at', { where: { file: 'a\nb.csv', sheet: 'S\nT', row: 3, column: 'K\rS' }, reason: coreText('import.noSheetNamed', { name: FORGED, names: 'x' }) })
    for (const lang of ['en', 'id'] as const) {
      const out = renderCoreText(text, lang)
      expect(out).not.toMatch(/[\n\r]/)
      expect(out).toContain('a\\x0ab.csv')
      expect(out).toContain('S\\x0aT')
      expect(out).toContain('12\\x0aplan')
    }
  })

  it("the CLI's messages: a file name, a located failure line", () => {
    for (const lang of ['en', 'id'] as const) {
      const m = messagesFor(lang)
      expect(m.report(`out\n${FORGED}.xlsx`)).not.toContain('\n')
      expect(m.failedLine('row 3', FORGED)).toBe('  row 3: 12\\x0aplan: 1 row, at most Rp0')
      expect(failureText({ row: 3, column: 'Kode\nRS', code: null, message: FORGED }, lang, { withFile: true })).not.toContain('\n')
    }
  })
})
