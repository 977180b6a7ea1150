/**
 * A watched folder's notes are read by people and by other programs (and by our own tests) as soon
 * as they appear: gagal/NAME.alasan.txt says why a file was refused, proses/NAME.menunggu.txt why
 * it waits. A note written in place exists, empty, between its creation and its first write, so a
 * reader polling for it may find nothing to read; and a refused file that reaches gagal/ before its
 * reason is a refusal without a why. So: each note appears whole, by a rename (inotify shows it as a
 * name appearing, never as a file modified in place), and the reason is there before the refused
 * file is.
 */
import { mkdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claim, FAILED_DIR, settle, waiting, WAITING_SUFFIX, WORK_DIR } from '../../src-main/core/unattended/watch-folder'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-notes-whole-')
})
afterAll(() => tmp?.cleanup())

/** Every inotify event in `folder` ("rename NAME" for a name appearing or going, "change NAME" for a write in place), in order. */
function record(folder: string): { events: string[]; settled: () => Promise<void>; close: () => void } {
  mkdirSync(folder, { recursive: true })
  const events: string[] = []
  const w: FSWatcher = watch(folder, (type, name) => events.push(`${type} ${name}`))
  return {
    events,
    // inotify keeps one folder's events in order: once a marker made afterwards is seen, all earlier ones are in
    async settled() {
      writeFileSync(join(folder, '.marker'), '')
      await expect.poll(() => events.includes('rename .marker'), { timeout: 10_000 }).toBe(true)
    },
    close: () => w.close(),
  }
}

describe('notes of a watched folder appear whole', () => {
  it('proses/NAME.menunggu.txt and gagal/NAME.alasan.txt: never written in place; the reason is in gagal/ before the refused file', async () => {
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    writeFileSync(join(dir, 'besar.csv'), 'Kode RS\n3171000\n')
    const file = claim(dir, 'besar.csv')!
    const work = record(join(dir, WORK_DIR))
    const failed = record(join(dir, FAILED_DIR))
    try {
      waiting(dir, file, 'cost up to Rp1,200 is over the preset budget Rp800')
      expect(readFileSync(join(dir, WORK_DIR, `besar.csv${WAITING_SUFFIX}`), 'utf8')).toBe('cost up to Rp1,200 is over the preset budget Rp800\n')
      settle(dir, file, 'failed', '67% of rows fail pre-flight, the preset allows 25%')
      expect(readFileSync(join(dir, FAILED_DIR, 'besar.csv.alasan.txt'), 'utf8')).toBe('67% of rows fail pre-flight, the preset allows 25%\n')
      await work.settled()
      await failed.settled()

      expect(work.events).toContain(`rename besar.csv${WAITING_SUFFIX}`)
      expect(work.events.filter((e) => e === `change besar.csv${WAITING_SUFFIX}`)).toEqual([])
      expect(failed.events.filter((e) => e === 'change besar.csv.alasan.txt')).toEqual([])
      const reason = failed.events.indexOf('rename besar.csv.alasan.txt')
      expect(reason).toBeGreaterThanOrEqual(0)
      expect(reason).toBeLessThan(failed.events.indexOf('rename besar.csv'))
    } finally {
      work.close()
      failed.close()
    }
  })
})
