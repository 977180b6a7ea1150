/**
 * The zip thread writes a row's texts without escaping them, for XML and for the digest's JSON,
 * when the row's span of its batch's joined text holds no character to escape (PlainSpans): the
 * spans it calls plain must be exactly those whose every text the per-cell tests call plain.
 */
import { describe, expect, it } from 'vitest'
import { PlainSpans } from '../../src-main/core/reports/xlsx/plain-spans'
import { xmlEscape, xmlSpecialPattern } from '../../src-main/core/reports/xlsx/xml-text'
import { jsonSpecialPattern } from '../../src-main/core/reports/report-digest'

// eslint-disable-next-line no-control-regex
const JSON_PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/

describe('PlainSpans', () => {
  it('the JSON pattern finds exactly the code units the digest does not quote as they are', () => {
    const pattern = jsonSpecialPattern()
    const differ: number[] = []
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c)
      pattern.lastIndex = 0
      if (pattern.test(ch) === JSON_PLAIN.test(ch)) differ.push(c)
    }
    expect(differ).toEqual([])
  })

  it('the XML pattern finds exactly the characters xmlEscape replaces', () => {
    const pattern = xmlSpecialPattern()
    const differ: number[] = []
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c)
      pattern.lastIndex = 0
      if (pattern.test(ch) !== (xmlEscape(ch) !== ch)) differ.push(c)
    }
    expect(differ).toEqual([])
  })

  it('calls a span plain exactly when none of its texts holds a special character', () => {
    // rows of texts, some with a special character at a text's start, middle or end, some empty
    const pieces = ['abc', '', 'a"b', '"', 'x&', '<y', 'plain text', 'e\u0001', '\\', 'é', '😀', 'z', '', 'last"']
    let seed = 7
    const next = (k: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % k)
    for (let round = 0; round < 200; round++) {
      const rows = Array.from({ length: 1 + next(12) }, () => Array.from({ length: next(5) }, () => pieces[next(pieces.length)]))
      const text = rows.flat().join('')
      const xml = new PlainSpans(text, xmlSpecialPattern())
      const json = new PlainSpans(text, jsonSpecialPattern())
      let at = 0
      for (const row of rows) {
        const end = at + row.join('').length
        expect(xml.plain(at, end)).toBe(row.every((t) => xmlEscape(t) === t))
        expect(json.plain(at, end)).toBe(row.every((t) => JSON_PLAIN.test(t)))
        at = end
      }
    }
  })
})
