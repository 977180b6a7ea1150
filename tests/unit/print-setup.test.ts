import { describe, expect, it } from 'vitest'
import { printSetup, wrappedRowHeight } from '../../src-main/core/reports/print-setup'
import { csvCodeField, isRealFormula } from '../../src-main/core/csv/csv-text'

describe('print setup (issue 23 item 12)', () => {
  it('narrow tables print portrait fitted to width with the header repeated; the summary on one page', () => {
    expect(printSetup([10, 20, 30], { table: true, onePage: false })).toMatchObject({ landscape: false, pagesAcross: 1, fitToHeight: 0, repeatHeader: true })
    expect(printSetup([40, 68, 12, 12, 24], { table: false, onePage: true })).toMatchObject({ landscape: false, pagesAcross: 1, fitToHeight: 1, repeatHeader: false })
  })

  it('wide tables print landscape; too wide to fit readably: fitted to a few pages across, key columns repeated', () => {
    expect(printSetup(Array(10).fill(12), { table: true, onePage: false })).toMatchObject({ landscape: true, pagesAcross: 1 })
    const wide = printSetup([5, 10, 17, ...Array(30).fill(15)], { table: true, onePage: false, keyColumns: 3 })
    expect(wide).toMatchObject({ landscape: true, repeatColumns: 3 })
    expect(wide.pagesAcross).toBeGreaterThanOrEqual(3)
    expect(wide.pagesAcross).toBeLessThanOrEqual(5)
    // key columns that would take most of the page are cut down to those that fit
    const face = printSetup([40, 40, 40, 40, 40, 40, ...Array(12).fill(20)], { table: true, onePage: false, keyColumns: 6 })
    expect(face.repeatColumns).toBeGreaterThan(0)
    expect(face.repeatColumns).toBeLessThan(6)
  })

  it('a row grows for its wrapped text only', () => {
    expect(wrappedRowHeight(['short', 'x'.repeat(30)], [1], [10, 50])).toBe(0)
    // a run with no space longer than a line (a signature's base64): a line more than its length needs
    expect(wrappedRowHeight(['short', 'x'.repeat(130)], [1], [10, 50])).toBe(60)
    expect(wrappedRowHeight(['a\nb\nc', 1], [0], [50, 10])).toBe(45)
  })

  it('counts the lines words wrap to, not characters over line length', () => {
    // a 20-wide column holds 24 characters: three 13-letter words are 41 characters (two lines by length), one word a line as they wrap
    expect(wrappedRowHeight([Array(3).fill('abcdefghijklm').join(' ')], [0], [20])).toBe(45)
    // the summary's threshold note at its 68-wide column: 162 characters, two lines by length, three as words wrap
    const note = 'Ambang keputusan layanan tidak dipublikasikan; kolom Ambang menampilkan pita tinjauan 0,05 - 0,5 yang diatur pengguna. Skor di dalam pita ditandai PERLU TINJAUAN.'
    expect(wrappedRowHeight(['Ambang keputusan', note], [0, 1], [40, 68])).toBe(45)
  })
})

describe('CSV: real formulas only, codes kept (issue 23 item 14)', () => {
  it.each(['=1+1', '@SUM(A1)', '-2+3', '+A1', '-A1', "+cmd|' /C calc'!A0", '\tx'])('%j is a formula', (t) => expect(isRealFormula(t)).toBe(true))
  it.each(['-', '-5', '+62 812 3456', '-Budi', '- 1.250,50', 'Budi', ''])('%j is data', (t) => expect(isRealFormula(t)).toBe(false))
  it('marks codes a spreadsheet would damage with an invisible WORD JOINER, others as they are', () => {
    expect(csvCodeField('3578016207910005')).toBe('\u20603578016207910005')
    expect(csvCodeField('0123456')).toBe('\u20600123456')
    expect(csvCodeField('3101001')).toBe('3101001')
    expect(csvCodeField('RS 32/01')).toBe('RS 32/01')
  })
})
