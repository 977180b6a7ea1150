/**
 * Issue 28 (causes 1-6) and issue 24 (items 6 and 8): what fuzzing the workbook reader found. Each
 * reproducer is built by tests/fixtures/builders/hostile-workbooks.ts; each must end in a refusal that
 * names the file (exit 2 from the CLI), or in a plan, promptly: never "unexpected error", never a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { readAll, saveWorkbook } from './read-workbook'
import {
  bracketFormatWorkbook,
  characterReferenceWorkbook,
  damagedPartWorkbook,
  hugeDateWorkbook,
  hugeReferenceWorkbook,
  hugeRowWorkbook,
  unclosedAnchorsWorkbook,
  WORKBOOK_PARTS,
  type PartDamage,
} from '../fixtures/builders/hostile-workbooks'
import { ImportError } from '../../src-main/core/importers'
import { isDateFormatCode } from '../../src-main/core/importers/xlsx-workbook-data'
import { fakeRenderer, rekap, signIn, startUiChild } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-reader-')))
afterAll(() => tmp.cleanup())

const save = (name: string, zip: Buffer): string => saveWorkbook(tmp.dir, name, zip)


async function expectRefusal(file: string, ...mentions: Array<string | RegExp>): Promise<ImportError> {
  const { err } = await readAll(file)
  expect(err, String((err as Error | null)?.stack)).toBeInstanceOf(ImportError)
  const message = (err as ImportError).message
  expect(message).toContain(file.split('/').pop()!)
  for (const m of mentions) expect(message).toMatch(m instanceof RegExp ? m : new RegExp(m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return err as ImportError
}

const DAMAGES: PartDamage[] = [
  'unexpected end of file',
  'invalid distance too far back',
  'invalid code lengths set',
  'missing end-of-block',
  'unsupported method',
  'inflates beyond declared size',
  'local header damaged',
]

describe('issue 28.1: a damaged part other than the sheet is a refusal naming the file and the part', () => {
  for (const part of WORKBOOK_PARTS) {
    it(`${part}: every kind of damage`, async () => {
      for (const damage of DAMAGES) {
        const file = save(`damaged-${part.replace(/\W/g, '_')}-${damage.replace(/\W/g, '_')}.xlsx`, damagedPartWorkbook(part, damage))
        await expectRefusal(file, part)
      }
    })
  }

  it('the CLI exits 2 naming the file and the part, not "unexpected error"', async () => {
    const file = save('damaged-styles.xlsx', damagedPartWorkbook('xl/styles.xml', 'invalid distance too far back'))
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--db', join(tmp.dir, 'cli.db')])
    expect(r.code, r.out).toBe(2)
    expect(r.out).toContain('damaged-styles.xlsx')
    expect(r.out).toContain('xl/styles.xml')
    expect(r.out).not.toMatch(/unexpected error/)
  })
})

describe('issue 28.2 / 24.5: character references XML forbids are refused, naming where', () => {
  it('a sheet name holding &#x110000; is refused naming the workbook part', async () => {
    await expectRefusal(save('cp-sheet.xlsx', characterReferenceWorkbook('sheet name', '&#x110000;')), 'xl/workbook.xml', '&#x110000;')
  })
  it('a shared string holding &#x110000; is refused naming the cell that uses it', async () => {
    await expectRefusal(save('cp-shared.xlsx', characterReferenceWorkbook('shared string', '&#x110000;')), /A2/, '&#x110000;')
  })
  it('an escape character (&#x1b;) in a cell is refused naming the cell', async () => {
    await expectRefusal(save('esc-cell.xlsx', characterReferenceWorkbook('inline cell', '&#x1b;[2K')), /A2/, '&#x1b;')
  })
  it('a huge decimal reference (&#99999999999999999999;) is refused', async () => {
    await expectRefusal(save('cp-decimal.xlsx', characterReferenceWorkbook('shared string', '&#99999999999999999999;')), /A2/)
  })
  it('an allowed reference (&#x1F600;, &#10;) still reads', async () => {
    const { err, rows } = await readAll(save('cp-ok.xlsx', characterReferenceWorkbook('shared string', '&#x1F600;&#10;')))
    expect(err).toBeNull()
    expect(rows[0]['Kode RS']).toBe('31710\u{1F600}\n15')
  })
})

describe('issue 28.3: a date-formatted cell holding a number no date can be', () => {
  it('1e308 in a date cell keeps the raw number, never an invalid date', async () => {
    const { err, rows } = await readAll(save('date-1e308.xlsx', hugeDateWorkbook('1e308')))
    expect(err).toBeNull()
    expect(rows[0].Tanggal).toBe(1e308)
  })
  it('through the CLI dry run of a lookup sheet: a plan, not "Invalid time value"', async () => {
    const file = save('date-cli.xlsx', hugeDateWorkbook('-1e308'))
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--db', join(tmp.dir, 'date.db')])
    expect(r.out).not.toMatch(/Invalid time value|unexpected error/)
    expect(r.code, r.out).toBe(0)
  })
})

describe('issue 28.4: row buffering is linear, bounded, and refuses clearly', () => {
  const cases: Array<[Parameters<typeof hugeRowWorkbook>[0], number]> = [
    ['cell', 30 * 1024 * 1024],
    ['attribute', 30 * 1024 * 1024],
    ['unclosed row', 30 * 1024 * 1024],
    ['self-closing rows', 1_000_000],
  ]
  for (const [kind, size] of cases) {
    it(`${kind} (${size.toLocaleString('en')}) ends within seconds`, async () => {
      const file = save(`row-${kind.replace(/\W/g, '_')}.xlsx`, hugeRowWorkbook(kind, size))
      const started = performance.now()
      const { err } = await readAll(file)
      const ms = performance.now() - started
      if (err) expect(err, String((err as Error).stack)).toBeInstanceOf(ImportError)
      expect(ms).toBeLessThan(8000)
    })
  }
  it('a row of more than 16 MB of XML is refused naming the row', async () => {
    await expectRefusal(save('row-bound.xlsx', hugeRowWorkbook('unclosed row', 20 * 1024 * 1024)), /row 2/)
  })
})

describe('issue 28.5: number formats are parsed in linear time', () => {
  it('a formatCode of 100,000 "[" opens at once', async () => {
    const started = performance.now()
    const { err } = await readAll(save('brackets.xlsx', bracketFormatWorkbook(100_000)))
    expect(err).toBeNull()
    expect(performance.now() - started).toBeLessThan(3000)
  })
  it('the date-format test still reads real formats', () => {
    expect(isDateFormatCode('[$-421]dd mmmm yyyy')).toBe(true)
    expect(isDateFormatCode('"Rp"#,##0')).toBe(false)
    expect(isDateFormatCode('[Red]0.00')).toBe(false)
    expect(isDateFormatCode('0.00E+00')).toBe(false)
    expect(isDateFormatCode('h:mm AM/PM')).toBe(true)
    expect(isDateFormatCode('\\d0')).toBe(false)
  })
})

describe('issue 28.6 / 24.6: references beyond XFD / row 1,048,576 are refused at once', () => {
  for (const ref of ['FXSHRXW1', 'ZZZZZZ2', 'XFE1', 'A1048577', 'A99999999999999999999']) {
    it(`${ref}`, async () => {
      const started = performance.now()
      await expectRefusal(save(`ref-${ref}.xlsx`, hugeReferenceWorkbook(ref)), ref)
      expect(performance.now() - started).toBeLessThan(3000)
    })
  }
  it('rekap ui: inspecting FXSHRXW1 answers at once and the server stays responsive', async () => {
    const home = join(tmp.dir, 'ui-home')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(home, { recursive: true })
    writeFileSync(join(home, 'huge-ref.xlsx'), hugeReferenceWorkbook('FXSHRXW1'))
    const env = { REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')), REKAP_DATA_DIR: join(tmp.dir, 'ui-data') }
    const ui = await startUiChild(['--db', join(tmp.dir, 'ui-data', 'rekap.db')], env, { cwd: home })
    try {
      const auth = await signIn(ui.url)
      const call = async (name: string, body: unknown) => {
        const res = await fetch(`${ui.origin}/api/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) })
        return { status: res.status, text: await res.text() }
      }
      const started = performance.now()
      const r = await call('files.inspect', { path: 'huge-ref.xlsx' })
      expect(performance.now() - started).toBeLessThan(5000)
      expect(r.status, r.text).toBe(400)
      expect(r.text).toMatch(/FXSHRXW1/)
      expect((await call('settings.get', {})).status).toBe(200)
    } finally {
      await ui.stop()
    }
  })
  it('XFD1048576, the last cell, still reads', async () => {
    const { err } = await readAll(save('ref-last.xlsx', hugeReferenceWorkbook('XFD1')))
    expect(err).toBeNull()
  })
})

describe('issue 24.8: drawing parsing is linear', () => {
  it('40,000 unclosed <xdr:twoCellAnchor> tags open at once', async () => {
    const started = performance.now()
    const { err } = await readAll(save('anchors.xlsx', unclosedAnchorsWorkbook(40_000)))
    expect(err).toBeNull()
    expect(performance.now() - started).toBeLessThan(3000)
  })
  it('400,000 of them too (a linear parser; a quadratic one takes hours)', async () => {
    const started = performance.now()
    const { err } = await readAll(save('anchors-400k.xlsx', unclosedAnchorsWorkbook(400_000)))
    expect(err).toBeNull()
    expect(performance.now() - started).toBeLessThan(5000)
  })
})
