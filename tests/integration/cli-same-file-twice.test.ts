/**
 * Two `rekap run` of the same KYC workbook at once, on one data file (two terminals, or the app
 * and a script): pair reuse used to happen only at planning, so two plans made before either
 * had an answer both sent every pair, and the service charged each pair twice (each job's report
 * said Rp400 a pair, truthfully for itself; the account paid double). Now a paid pair is claimed
 * in the store before it is sent: a pair another live job has in flight is waited for and its
 * answer reused, free, with the trail naming the job that paid.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { distinctPairsWorkbook, warmFaceModel } from '../helpers/face-pairs'
import { rekap, startRekap } from '../helpers/rekap-process'

const PAIRS = 12
let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let csv: string

beforeAll(async () => {
  tmp = makeTempDir('rekap-same-file-twice-')
  csv = await distinctPairsWorkbook(tmp.dir, PAIRS)
  sandbox = await startSandboxProcess({ args: ['--balance', '100000000'] })
  // the face model loaded before the runs, so both are in their requests at the same time
  await warmFaceModel(sandbox)
}, 180_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('the same workbook run twice at once, one data file', () => {
  it('no pair is charged twice: what one job has in flight the other waits for and reuses, free', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const args = ['run', csv, '--base-url', sandbox.url, '--key', sandbox.key, '--yes', '--concurrency', '3', '--db', db]
    // the second starts once the first has begun sending: its plan finds no answer stored yet
    // (a plan made while the first job is only planned would replace that unstarted plan)
    const first = startRekap(args)
    const until = Date.now() + 120_000
    while (!/ rows, /.test(first.out())) {
      if (Date.now() > until) throw new Error(`the first run did not start sending:\n${first.out()}${first.err()}`)
      await new Promise((r) => setTimeout(r, 20))
    }
    const b = await rekap(args)
    const a = { code: await first.closed, out: first.out(), err: first.err() }
    expect(a.code, a.out + a.err).toBe(0)
    expect(b.code, b.out + b.err).toBe(0)

    const { charges } = (await sandbox.admin('GET', '/_sandbox/ledger')) as { charges: Array<{ pair: string }> }
    const perPair = new Map<string, number>()
    for (const c of charges) perPair.set(c.pair, (perPair.get(c.pair) ?? 0) + 1)
    expect(perPair.size).toBe(PAIRS)
    expect([...perPair.values()].filter((n) => n > 1)).toEqual([])

    // what rekap says: both jobs done, every row answered; charges across both = the service's ledger
    const ids = [a, b].map((r) => /^job (\w+)$/m.exec(r.out)![1])
    const store = openStore(db)
    try {
      let charged = 0
      for (const id of ids) {
        expect(store.jobs.get(id)?.state).toBe('done')
        const c = store.rows.counts(id)
        expect(c.done).toBe(PAIRS)
        charged += c.charged
      }
      expect(charged).toBe(charges.length)
    } finally {
      store.close()
    }
  }, 240_000)
})
