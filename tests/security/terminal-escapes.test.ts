/**
 * Issue 24 item 5: escape sequences from a workbook reach the terminal. A CSV and an xlsx whose
 * cells carry erase-line, cursor-up, a faked plan line, an OSC 52 clipboard write, a C1 CSI and a
 * right-to-left override go through the real `rekap run --dry-run`: every byte printed is free of
 * ESC, BEL, CR, C1 controls and bidi overrides; the escapes are shown as visible text instead.
 * The files come from the hostile-workbook corpus (tests/fixtures/builders/hostile-workbooks.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { escapeLadenCsv, escapeLadenWorkbook, TERMINAL_ESCAPES } from '../fixtures/builders/hostile-workbooks'
import { terminalText } from '../../src-main/cli/terminal-text'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-esc-')))
afterAll(() => tmp.cleanup())

// ESC, BEL, CR, C1 controls (as characters: the output is decoded UTF-8), bidi overrides/isolates
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

function expectClean(out: string): void {
  const hit = CONTROL.exec(out)
  expect(hit, hit ? `control U+${hit[0].charCodeAt(0).toString(16)} near ${JSON.stringify(out.slice(Math.max(0, hit.index - 40), hit.index + 20))}` : '').toBeNull()
}

describe('terminal escapes from a workbook', () => {
  it('a CSV: ESC and BEL refuse the row (no report cell holds them); CR, C1 and bidi controls are shown as text', async () => {
    // ESC and BEL are characters XML forbids: refused as in an .xlsx cell, the refusal naming row and column, never the bytes
    const file = join(tmp.dir, 'escapes.csv')
    writeFileSync(file, escapeLadenCsv())
    for (const [lang, words] of [
      ['en', /escapes\.csv.*row 3, column A: holds U\+001B/],
      ['id', /escapes\.csv.*baris 3, kolom A: berisi U\+001B/],
    ] as const) {
      const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', lang, '--db', join(tmp.dir, `csv-${lang}.db`)], { timeoutMs: 60_000 })
      expect(r.code, r.out).toBe(2)
      expectClean(r.out)
      expect(r.out).toMatch(words)
    }
    // the controls XML allows stay in the value, and reach the terminal as visible text
    const allowed = join(tmp.dir, 'allowed.csv')
    writeFileSync(allowed, ['Kode RS,Nama', '3171015,ok', ...[1, 3, 4].map((i) => `"${TERMINAL_ESCAPES[i]}",name${i}`)].join('\n') + '\n')
    for (const lang of ['en', 'id']) {
      const r = await rekap(['run', allowed, '--kind', 'hospital-lookup', '--dry-run', '--lang', lang, '--db', join(tmp.dir, `ok-${lang}.db`)], { timeoutMs: 60_000 })
      expect(r.code, r.out).toBe(0)
      expectClean(r.out)
      expect(r.out).toContain('\\x9b31m') // shown, so the auditor sees what the file held
      expect(r.out).toContain('\\u202e')
      // the only plan line is rekap's own, at the start of a line
      expect(r.out.split('\n').filter((l) => /^(plan|rencana)\b/.test(l)).length).toBe(1)
    }
  }, 180_000)

  it('an xlsx (raw controls and &#x1b;): nothing but text reaches the terminal', async () => {
    const file = join(tmp.dir, 'escapes.xlsx')
    writeFileSync(file, escapeLadenWorkbook())
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'xlsx.db')], { timeoutMs: 60_000 })
    expect([0, 2]).toContain(r.code) // a plan, or a refusal of the forbidden character reference naming the file
    expect(r.out).toContain('escapes.xlsx')
    expectClean(r.out)
  }, 120_000)

  it('the one function: every control but line feed and tab becomes visible text', () => {
    expect(terminalText('a\tb\nc')).toBe('a\tb\nc')
    expect(terminalText('\u001b[2K\r\u0007\u009b\u007f\u202e\u2066')).toBe('\\x1b[2K\\x0d\\x07\\x9b\\x7f\\u202e\\u2066')
    expect(terminalText('Rp1.234 — Bandung')).toBe('Rp1.234 — Bandung')
  })
})
