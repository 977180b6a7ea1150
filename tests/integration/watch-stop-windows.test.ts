/**
 * The other moments a watcher's stop can fall in, each hit exactly by asking stop from inside the
 * port the watcher is in at that moment (nothing else can time a stop that precisely): the
 * hand-off to engine.start (its pause finds the job not running yet), a file claimed but not
 * planned yet, and the next file after one planned while stop was asked. Before, the first two ran
 * their job to the end after the stop. The real FolderWatcher, engine and SQLite store, the real
 * sandbox; only the ports are wrapped to call stop().
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Engine } from '../../src-main/core/engine/types'
import { FolderWatcher, type WatchPorts } from '../../src-main/core/unattended/folder-watcher'
import { claim, claimPath } from '../../src-main/core/unattended/watch-folder'
import { detailText } from '../../src-main/core/texts/core-text'
import { useSandboxEngine } from '../helpers/sandbox-engine'

const rig = useSandboxEngine({ sandbox: { args: ['--hospital-plan', 'premium'] } })
let dropped = 0

async function requests(): Promise<number> {
  return ((await rig.sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length
}

/** A watched folder with `names` dropped in it: five hospital codes each, no two files alike (one store remembers them all). */
function folder(name: string, names: string[]): string {
  const dir = join(rig.dir, name)
  mkdirSync(dir, { recursive: true })
  for (const n of names) writeFileSync(join(dir, n), `Kode RS\n${Array.from({ length: 5 }, () => String(3201001 + dropped++)).join('\n')}\n`)
  return dir
}

/** The ports `rekap watch` gives, on the rig's engine and store; `wrap` changes some of them. */
function watcher(dir: string, wrap: (p: WatchPorts, w: () => FolderWatcher) => Partial<WatchPorts> = () => ({})): { w: FolderWatcher; lines: string[]; planned: string[] } {
  const { engine, store } = rig.harness
  const lines: string[] = []
  const planned: string[] = []
  const ports: WatchPorts = {
    store,
    engine,
    preset: {},
    planFile: (file, signal) => {
      planned.push(file)
      return engine.plan({ file, kind: 'hospital-lookup', settings: rig.harness.settings(), signal })
    },
    finishReport: async () => 'report',
    lang: () => 'en',
    say: (line) => lines.push(line),
    ended: () => undefined,
  }
  const w: FolderWatcher = new FolderWatcher(dir, { ...ports, ...wrap(ports, () => w) })
  return { w, lines, planned }
}

const jobOf = (file: string) => rig.harness.store.jobs.list().find((j) => j.inputFile === file)

describe('a watcher stopped', () => {
  it('during the hand-off to engine.start: pauses the job before its first request, with the note saying how to go on', async () => {
    const dir = folder('handoff', ['kode.csv'])
    // the stop lands after the watcher decided to run the job, before the engine has it running
    const { w, lines } = watcher(dir, (p, w) => ({ engine: { ...p.engine, start: (id, o) => (w().stop(), p.engine.start(id, o)) } satisfies Engine }))
    const before = await requests()
    await w.run({ once: true, settleMs: 0, intervalMs: 20 })
    const job = jobOf(join(dir, 'kode.csv'))!
    expect(await requests(), `requests after the stop:\n${lines.join('\n')}`).toBe(before)
    expect(job.state).toBe('paused')
    expect(detailText(job.stateDetail, 'en')).toContain(`rekap resume ${job.id}`)
    expect(readFileSync(join(dir, 'proses', 'kode.csv.menunggu.txt'), 'utf8')).toContain(`rekap resume ${job.id}`)
  }, 60_000)

  it('after a file was claimed, before it was planned: plans nothing (the claim stays); the next watcher plans and runs it', async () => {
    const dir = folder('claimed', ['kode.csv'])
    const first = watcher(dir)
    const work = claim(dir, 'kode.csv')!
    first.w.stop()
    await first.w.take(work)
    expect(first.planned).toEqual([])
    expect(jobOf(work)).toBeUndefined()
    expect(existsSync(claimPath(dir, 'kode.csv'))).toBe(true)

    const next = watcher(dir)
    await next.w.run({ once: true, settleMs: 0, intervalMs: 20 })
    expect(jobOf(work)).toMatchObject({ state: 'done' })
    expect(existsSync(join(dir, 'selesai', 'kode.csv'))).toBe(true)
  }, 60_000)

  it('while a file was planned, with another waiting: the planned one stays ready with its note, the other is not taken', async () => {
    const dir = folder('two', ['a.csv', 'b.csv'])
    const { w, lines } = watcher(dir, (p, w) => ({
      planFile: async (file, signal) => {
        const plan = await p.planFile(file, signal)
        w().stop()
        return plan
      },
    }))
    const before = await requests()
    await w.run({ once: true, settleMs: 0, intervalMs: 20 })
    expect(await requests(), lines.join('\n')).toBe(before)
    const taken = ['a.csv', 'b.csv'].filter((n) => existsSync(claimPath(dir, n)))
    expect(taken).toHaveLength(1)
    const job = jobOf(join(dir, taken[0]))!
    expect(job.state).toBe('ready')
    expect(readFileSync(join(dir, 'proses', `${taken[0]}.menunggu.txt`), 'utf8')).toContain(`rekap watch ${dir}`)
    const other = taken[0] === 'a.csv' ? 'b.csv' : 'a.csv'
    expect(jobOf(join(dir, other))).toBeUndefined()
    expect(existsSync(join(dir, other))).toBe(true)
  }, 60_000)
})
