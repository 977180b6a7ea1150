/**
 * LibreOffice headless as a second program on rekap's files: converts reports to PDF (what a
 * user's print looks like) or imports a CSV as LibreOffice's default import does (to xlsx).
 * Each call uses its own user profile, so parallel tests and a user's LibreOffice never share one.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

let calls = 0

/**
 * Converts `files` into `outDir` as `to` ('pdf', 'xlsx'); returns the converted files in order.
 * `locale` ('id-ID', 'en-US') is the locale LibreOffice is set to, as a user's Tools → Options →
 * Language settings: it decides the decimal and grouping marks of numbers in untagged formats.
 * Without it LibreOffice takes the system's (en-US on a machine with only the C locale).
 */
export function sofficeConvert(files: string[], outDir: string, to: string, infilter?: string, locale?: string): string[] {
  mkdirSync(outDir, { recursive: true })
  const dir = `/tmp/lo-rekap-test-${process.pid}-${++calls}`
  const profile = `file://${dir}`
  if (locale) {
    mkdirSync(join(dir, 'user'), { recursive: true })
    writeFileSync(
      join(dir, 'user', 'registrymodifications.xcu'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
        `<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>${locale}</value></prop></item>\n</oor:items>\n`,
    )
  }
  const args = ['--headless', `-env:UserInstallation=${profile}`, ...(infilter ? [`--infilter=${infilter}`] : []), '--convert-to', to, '--outdir', outDir, ...files]
  const r = spawnSync('soffice', args, { encoding: 'utf8', timeout: 300_000 })
  if (r.status !== 0) throw new Error(`soffice failed (${r.status}):\n${r.stdout}\n${r.stderr}`)
  return files.map((f) => join(outDir, basename(f).replace(/\.[^.]+$/, `.${to.split(':')[0]}`)))
}

/** The text of every page of a PDF, laid out as printed (pdftotext -layout), one string a page. */
export function pdfPages(pdf: string): string[] {
  const r = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`)
  const pages = r.stdout.split('\f')
  if (pages.at(-1)?.trim() === '') pages.pop()
  return pages
}

export function pdfPageCount(pdf: string): number {
  const r = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' })
  return Number(/Pages:\s+(\d+)/.exec(r.stdout)?.[1] ?? NaN)
}

export function readText(file: string): string {
  return readFileSync(file, 'utf8')
}

/**
 * The median height of the words on each page of a PDF, in points (pdftotext -bbox): about 1.2
 * times the printed font size, so 11-point text fitted down to 20% shows as ~2.7, at 60% as ~8.
 */
export function pdfWordHeights(pdf: string): number[] {
  const r = spawnSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (r.status !== 0) throw new Error(`pdftotext -bbox failed: ${r.stderr}`)
  return r.stdout
    .split('<page ')
    .slice(1)
    .map((page) => {
      const heights = [...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">/g)].map((m) => Number(m[2]) - Number(m[1]))
      heights.sort((a, b) => a - b)
      return heights.length ? heights[Math.floor(heights.length / 2)] : 0
    })
}

/** One printed word and its box on its page, in points from the top left (pdftotext -bbox). */
export interface PdfWord {
  page: number
  text: string
  xMin: number
  yMin: number
  xMax: number
  yMax: number
}

export function pdfWords(pdf: string): PdfWord[] {
  const r = spawnSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (r.status !== 0) throw new Error(`pdftotext -bbox failed: ${r.stderr}`)
  return r.stdout
    .split('<page ')
    .slice(1)
    .flatMap((page, i) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        page: i + 1,
        text: m[5],
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
      })),
    )
}

/**
 * Words printed over other words: boxes that overlap across and by more than a third of a word's
 * height down (the lines of one wrapped cell touch by a little; text spilling out of a row too
 * low for it lies half over the row above).
 */
export function pdfOverprints(pdf: string): Array<[PdfWord, PdfWord]> {
  const words = pdfWords(pdf)
  const out: Array<[PdfWord, PdfWord]> = []
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]
      const b = words[j]
      if (a.page !== b.page) continue
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin)
      const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin)
      if (across > 0.5 && down > (a.yMax - a.yMin) / 3) out.push([a, b])
    }
  }
  return out
}
