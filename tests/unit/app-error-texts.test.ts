/**
 * Issue 23 item 15: an AppError's words reach the page, so they are a core text (said in the
 * page's language by toErrorBody), never an English sentence written into the handler. This check
 * reads the sources so a plain string cannot grow back; an exception needs a reason here.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../src-main/app/app-error'
import { toErrorBody } from '../../src-main/app/dispatch'
import { coreText } from '../../src-main/core/texts/core-text'
import { appTextsId } from '../../src-main/core/texts/app-id'

const ROOT = join(__dirname, '../..')
/** where AppErrors are made that the page (desktop window or browser mode) shows */
const DIRS = ['src-main/app', 'src-main/browser', 'src-main/electron']

/** `file: the start of the literal` → why it may stay a plain string */
const EXCEPTIONS: Record<string, string> = {}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

/** The second argument of every `new AppError(` that starts with a string or template literal. */
function plainStringErrors(file: string, src: string): string[] {
  const found: string[] = []
  let at = src.indexOf('new AppError(')
  while (at >= 0) {
    let i = at + 'new AppError('.length
    let depth = 0
    let quote: string | null = null
    for (; i < src.length; i++) {
      const c = src[i]
      if (quote) {
        if (c === '\\') i++
        else if (c === quote) quote = null
        continue
      }
      if (c === "'" || c === '"' || c === '`') quote = c
      else if ('([{'.includes(c)) depth++
      else if (')]}'.includes(c)) depth--
      else if (c === ',' && depth === 0) break
    }
    const rest = src.slice(i + 1).trimStart()
    if (/^['"`]/.test(rest)) found.push(`${file}: ${rest.slice(0, 50)}`)
    at = src.indexOf('new AppError(', at + 1)
  }
  return found
}

describe('AppError words are core texts', () => {
  it('no AppError the page can show is made from a plain (English) string literal', () => {
    const found = DIRS.flatMap(sourceFiles).flatMap((f) => plainStringErrors(relative(ROOT, join(ROOT, f)), readFileSync(join(ROOT, f), 'utf8')))
    const unexplained = found.filter((f) => !Object.keys(EXCEPTIONS).some((e) => f.startsWith(e)))
    expect(unexplained).toEqual([])
  })

  it('the check itself sees a literal, and a text is said in the language asked for', () => {
    expect(plainStringErrors('x.ts', "throw new AppError(cond ? 'a' : 'b', `There is no job ${id}`, 'jobId')")).toHaveLength(1)
    expect(plainStringErrors('x.ts', "throw new AppError('not-found', coreText('app.noJob', { id }), 'jobId')")).toHaveLength(0)
    const err = new AppError('not-found', coreText('app.noJob', { id: 'abc' }), 'jobId')
    expect(err.message).toBe('There is no job abc')
    expect(toErrorBody(err, [], 'id')).toEqual({ code: 'not-found', field: 'jobId', message: 'tidak ada pekerjaan abc' })
    expect(toErrorBody(err, [], 'en')).toEqual({ code: 'not-found', field: 'jobId', message: 'There is no job abc' })
  })

  it('in Indonesian, the app\'s refusals use the screens\' words: folder and buku kerja, never "map" or "workbook"', () => {
    // the screens say "Pilih folder", "Folder pantau", "buku kerja"; the refusals once said "map" and "workbook"
    const any = new Proxy({}, { get: () => 'X' }) as never
    const said = Object.entries(appTextsId).map(([k, f]) => [k, (f as (p: never) => string)(any)] as const)
    expect(said.filter(([, v]) => /\b(map|workbook)\b/i.test(v))).toEqual([])
  })
})
