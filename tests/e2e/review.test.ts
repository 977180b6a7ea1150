/**
 * The Review screen in a real browser against the real `rekap ui`: a face-match job whose every
 * score sits in the review band (run first with the CLI against the same data file), then ten
 * pairs reviewed with the keyboard alone: approve, reject, ask for a new photo, a note, a skip.
 * The decisions are read back through `rekap review --list --json`; the screen is saved to
 * docs/screenshots/review.png.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useAppPage } from './helpers/app-page'
import { screenshot } from './helpers/browser'
import { axeViolations, describeViolations } from './helpers/axe'
import { SHARED_DIR } from '../helpers/sandbox-process'
import { rekapMerged } from '../helpers/rekap-process'

const FACES = path.join(SHARED_DIR, 'fixtures', 'faces')
/** Twelve pairs with one face each side: same people and different people. */
const PAIRS: Array<[string, string, string]> = [
  ['Budi Santoso', 'obama_1.jpg', 'obama_2.jpg'],
  ['Siti Aminah', 'biden_1.jpg', 'biden_2.jpg'],
  ['Andi Wijaya', 'kit_harington_1.jpg', 'kit_harington_2.jpg'],
  ['Dewi Lestari', 'rose_leslie_1.jpg', 'rose_leslie_2.jpg'],
  ['Rudi Hartono', 'obama_3.jpg', 'biden_1.jpg'],
  ['Sri Wahyuni', 'alex_lacamoire_1.jpg', 'alex_lacamoire_2.png'],
  ['Agus Salim', 'rose_leslie_1.jpg', 'kit_harington_2.jpg'],
  ['Wati Susanti', 'obama_240p.jpg', 'lin_manuel_miranda_1.png'],
  ['Eko Prasetyo', 'obama_1.jpg', 'obama_3.jpg'],
  ['Rina Marlina', 'biden_2.jpg', 'kit_harington_1.jpg'],
  ['Yusuf Hidayat', 'obama_2.jpg', 'obama_240p.jpg'],
  ['Lina Kusuma', 'alex_lacamoire_1.jpg', 'rose_leslie_2.jpg'],
]

let jobId: string

const progress = (p: Page) =>
  p.getByTestId('review-progress').evaluate((el) => [Number(el.getAttribute('data-reviewed')), Number(el.getAttribute('data-total'))])

/** Waits until the screen has taken the decision and moved on to a new pair with its photos. */
async function pressAndWait(key: string, reviewed: number, fromRow: string | null): Promise<string> {
  await app.page.keyboard.press(key)
  await app.page.waitForFunction(
    ([n, from]) => {
      const prog = document.querySelector('[data-testid=review-progress]')
      const pair = document.querySelector('[data-testid=review-pair]')
      return Number(prog?.getAttribute('data-reviewed')) === n && pair?.getAttribute('data-row') !== from
    },
    [reviewed, fromRow] as const,
    { timeout: 30_000 },
  )
  await app.page.getByTestId('review-photo-image1').waitFor({ timeout: 30_000 })
  return (await app.page.getByTestId('review-pair').getAttribute('data-row'))!
}

const app = useAppPage({
  viewport: { width: 1280, height: 900 },
  locale: 'en-US',
  // bypassCSP: only so axe-core's script can be injected; the app's own CSP is tested elsewhere
  context: { bypassCSP: true },
  beforeBrowser: async (ui) => {
    const csv = path.join(ui.dataDir, 'kyc-tinjauan.csv')
    writeFileSync(
      csv,
      ['NIK,Nama,Foto KTP,Foto Selfie', ...PAIRS.map(([name, a, b], i) => `3201011290${String(i).padStart(6, '0')},${name},${path.join(FACES, a)},${path.join(FACES, b)}`)].join('\n'),
    )
    // Every score inside the band: the whole job needs a person.
    const run = await rekapMerged(['run', csv, '--review-band', '0,1', '--yes', '--allow-outside-paths', '--json', '--db', ui.dbFile])
    expect(run.code, run.out).toBe(0)
    jobId = /"(?:jobId|id)"\s*:\s*"(\w+)"/.exec(run.out)![1]
  },
  readyTestId: 'nav-new',
  timeoutMs: 300_000,
})

describe('Review screen, keyboard only', () => {
  it('asks for the reviewer name once, then shows the first pair large with NIK, name and score', async () => {
    await app.page.evaluate((id) => (location.hash = `#/review/${id}`), jobId)
    await app.page.getByTestId('reviewer-setup').waitFor()
    expect(await progress(app.page)).toEqual([0, 12])
    // keyboard only: Tab to the name field, type, Enter submits
    await app.page.getByTestId('reviewer-name').focus()
    await app.page.keyboard.type('Ani Wijaya')
    // the first pair finishes loading while the name is typed: the field must keep the focus,
    // so Enter still submits the name (it once moved to the screen and Enter did nothing)
    await app.page.getByTestId('review-photo-image1').waitFor({ timeout: 30_000 })
    await app.page.keyboard.press('Enter')
    await app.page.locator('[data-testid=review-signed-as], [data-testid=review-error]').first().waitFor()
    if (await app.page.getByTestId('review-error').count()) throw new Error(`saving the name failed: ${await app.page.getByTestId('review-error').textContent()}`)
    await expect(app.page.getByTestId('review-signed-as').textContent()).resolves.toContain('Ani Wijaya')
    await app.page.getByTestId('review-photo-image1').waitFor({ timeout: 30_000 })
    await app.page.getByTestId('review-photo-image2').waitFor()
    await expect(app.page.getByTestId('review-nik').textContent()).resolves.toBe('3201011290000000')
    await expect(app.page.getByTestId('review-name').textContent()).resolves.toBe('Budi Santoso')
    expect(await app.page.getByTestId('review-score').textContent()).toMatch(/^0[.,]\d+/)
    const lang = await app.page.evaluate(() => document.documentElement.lang)
    await expect(app.page.getByTestId('review-verdict').textContent()).resolves.toBe(lang === 'en' ? 'NEEDS REVIEW' : 'PERLU TINJAUAN')
    // the photos are the large ones, not the table's thumbnails
    const width = await app.page.getByTestId('review-photo-image1').evaluate((img) => (img as HTMLImageElement).naturalWidth)
    expect(width).toBeGreaterThan(360)
  })

  it('has no axe-core violation on the Review screen', async () => {
    const violations = await axeViolations(app.page)
    expect(violations, describeViolations(violations)).toEqual([])
  })

  it('zooms both photos with the keyboard', async () => {
    await app.page.getByTestId('review').focus()
    await app.page.keyboard.press('+')
    await expect(app.page.getByTestId('review-zoom').textContent()).resolves.toBe('150%')
    await app.page.keyboard.press('+')
    await expect(app.page.getByTestId('review-zoom').textContent()).resolves.toBe('250%')
    await app.page.keyboard.press('-')
    await app.page.keyboard.press('-')
    await expect(app.page.getByTestId('review-zoom').textContent()).resolves.toBe('100%')
  })

  it('reviews ten pairs: approve, reject, new photo, a note, a skip; focus stays visible', async () => {
    let row: string | null = await app.page.getByTestId('review-pair').getAttribute('data-row')
    const first = row
    row = await pressAndWait('a', 1, row)
    // the decision's button holds the focus, visibly
    const focus = await app.page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      return { id: el?.dataset.testid, visible: el?.matches(':focus-visible'), outline: getComputedStyle(el).outlineStyle }
    })
    expect(focus).toEqual({ id: 'decide-approve', visible: true, outline: 'solid' })
    row = await pressAndWait('t', 2, row)
    row = await pressAndWait('f', 3, row)
    // a note: N to write it, Esc to go back to the keys
    await app.page.keyboard.press('n')
    await expect(app.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid)).resolves.toBe('review-note')
    await app.page.keyboard.type('kacamata berbeda, minta foto tanpa kacamata')
    await app.page.keyboard.press('Escape')
    await screenshot(app.page, 'review')
    row = await pressAndWait('r', 4, row)
    // skip: nothing is decided, the pair comes back later
    const skipped = row
    row = await pressAndWait('s', 4, row)
    for (const [key, n] of [['a', 5], ['a', 6], ['r', 7], ['f', 8], ['a', 9], ['a', 10]] as const) row = await pressAndWait(key, n, row)
    expect(await progress(app.page)).toEqual([10, 12])
    expect(first).toBe('1')
    expect(skipped).toBe('5')
  })

  it('stores every decision, signed and in order, as the CLI lists it', async () => {
    const r = await rekapMerged(['review', jobId, '--list', '--json', '--db', app.ui.dbFile])
    expect(r.code, r.out).toBe(0)
    const q = JSON.parse(r.out) as { reviewed: number; total: number; items: Array<{ row: number; decision: string | null; by: string | null; note: string | null }> }
    expect([q.reviewed, q.total]).toEqual([10, 12])
    const decided = Object.fromEntries(q.items.map((i) => [i.row, i.decision]))
    expect(decided).toEqual({ 1: 'approve', 2: 'reject', 3: 'retake', 4: 'reject', 5: null, 6: 'approve', 7: 'approve', 8: 'reject', 9: 'retake', 10: 'approve', 11: 'approve', 12: null })
    expect(q.items.find((i) => i.row === 4)!.note).toBe('kacamata berbeda, minta foto tanpa kacamata')
    expect(new Set(q.items.filter((i) => i.by).map((i) => i.by))).toEqual(new Set(['Ani Wijaya']))
  }, 60_000)
})

/**
 * Where the photos and the decision buttons are, in the viewport, with the screen not scrolled:
 * each box, and whether each photo is really seen (not under something else) near its corners.
 */
async function foldBoxes(p: Page) {
  await p.evaluate(() => (document.querySelector('main')!.scrollTop = 0))
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  return p.evaluate(() => {
    const box = (id: string) => {
      const r = document.querySelector(`[data-testid=${id}]`)!.getBoundingClientRect()
      return { id, top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) }
    }
    const seen = (id: string) => {
      const img = document.querySelector(`[data-testid=${id}]`)!
      const r = img.getBoundingClientRect()
      const at = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
      return at.every(([x, y]) => document.elementFromPoint(x, y) === img)
    }
    return {
      scrolled: document.querySelector('main')!.scrollTop,
      boxes: ['review-photo-image1', 'review-photo-image2', 'decide-approve', 'decide-reject', 'decide-retake', 'decide-skip', 'review-note'].map(box),
      photosSeen: seen('review-photo-image1') && seen('review-photo-image2'),
      // the frame each photo is fitted into (a wide photo is less tall than its frame)
      frameHeights: ['review-photo-image1', 'review-photo-image2'].map((id) => Math.round(document.querySelector(`[data-testid=${id}]`)!.parentElement!.getBoundingClientRect().height)),
    }
  })
}

describe('a small laptop: photos and decisions together, without scrolling', () => {
  for (const [width, height] of [[1024, 640], [1366, 768]] as const) {
    for (const lang of ['id', 'en'] as const) {
      it(`${width}x${height}, ${lang}: both photos and the decision buttons are inside the viewport`, async () => {
        await app.page.setViewportSize({ width, height })
        await app.page.getByTestId('language').selectOption(lang)
        await app.page.getByTestId('review-photo-image1').waitFor({ timeout: 30_000 })
        await app.page.getByTestId('review-photo-image2').waitFor()
        const m = await foldBoxes(app.page)
        const text = JSON.stringify(m)
        expect(m.scrolled, text).toBe(0)
        for (const b of m.boxes) {
          expect(b.top, `${b.id} top: ${text}`).toBeGreaterThanOrEqual(0)
          expect(b.left, `${b.id} left: ${text}`).toBeGreaterThanOrEqual(0)
          expect(b.bottom, `${b.id} bottom: ${text}`).toBeLessThanOrEqual(height)
          expect(b.right, `${b.id} right: ${text}`).toBeLessThanOrEqual(width)
        }
        // seen, not under the decision bar; and still large enough to compare two faces
        expect(m.photosSeen, text).toBe(true)
        for (const h of m.frameHeights) expect(h, `photo frame height: ${text}`).toBeGreaterThanOrEqual(240)
      })
    }
  }

  it('back to the usual window', async () => {
    await app.page.setViewportSize({ width: 1280, height: 900 })
    await app.page.getByTestId('language').selectOption('en')
  })
})

describe('the job\'s results filter', () => {
  it('selects rows by the verdict they show: every pair is in the band, so "review" lists all twelve and "match" none', async () => {
    await app.page.evaluate((id) => (location.hash = `#/job/${id}`), jobId)
    const filter = app.page.getByTestId('filter-verdict')
    await filter.waitFor()
    const total = () => app.page.getByTestId('rows-total').textContent()
    const review = await app.page.evaluate(() => document.documentElement.lang === 'en' ? 'NEEDS REVIEW' : 'PERLU TINJAUAN')
    await filter.selectOption('review')
    await app.page.waitForFunction(() => /^12\D/.test(document.querySelector('[data-testid=rows-total]')?.textContent ?? ''))
    // the rows listed say what the filter chose
    await app.page.locator('.vrow[data-row="1"]').waitFor()
    const shown = await app.page.locator('.vrow [data-testid=row-verdict]').allTextContents()
    expect(shown.length).toBeGreaterThan(0)
    expect(new Set(shown)).toEqual(new Set([review]))
    await filter.selectOption('match')
    await app.page.waitForFunction(() => /^0\D/.test(document.querySelector('[data-testid=rows-total]')?.textContent ?? ''))
    expect(await total()).toMatch(/^0\D/)
    await filter.selectOption('')
    await app.page.waitForFunction(() => /^12\D/.test(document.querySelector('[data-testid=rows-total]')?.textContent ?? ''))
  })
})
