/**
 * A plan bounds the heap's growth (V8's --heap-growing-percent, for a 1,000,000-row plan under
 * 350 MB) and only a plan (core/process/heap-growth.mjs): while any V8 flag differs from its
 * default, a worker thread started then refuses compiled code made under the default (Node's own
 * for its built-in modules: a report's zip thread compiled them from source, twice the CPU to
 * start), and a code cache written then is refused by every later process (the CLI's). So what is
 * seen here is what V8 sees: a code cache made under the default flags, refused by a worker thread
 * started while the bound holds and taken by one started after it is lifted; and a cache written at
 * exit, in the middle of a plan, taken by the next process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import vm from 'node:vm'
import { withBoundHeapGrowth } from '../../src-main/core/process/heap-growth.mjs'
import { openStore, type Store } from '../../src-main/core/store'
import { createEngine, type Engine } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { importRowsIntoJob } from '../../src-main/core/jobs/planner'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

const SOURCE = 'function f(a) { return a * 2 } f(1)'
/** a code cache made now, under V8's default flags */
const CACHE = new vm.Script(SOURCE).createCachedData()
/** whether a worker thread started now takes that cache: not while any flag differs from the default */
function cacheTaken(): Promise<boolean> {
  const check = `const vm = require('node:vm'); const { parentPort, workerData } = require('node:worker_threads'); parentPort.postMessage(!new vm.Script(${JSON.stringify(SOURCE)}, { cachedData: Buffer.from(workerData) }).cachedDataRejected)`
  return new Promise((resolve, reject) => {
    const w = new Worker(check, { eval: true, workerData: CACHE })
    w.once('message', (taken: boolean) => void w.terminate().then(() => resolve(taken)))
    w.once('error', reject)
  })
}

describe('the heap bound', () => {
  it('holds while its work runs, nested or not, and is lifted after it, also after a failure', async () => {
    expect(await cacheTaken()).toBe(true)
    const seen: boolean[] = []
    await withBoundHeapGrowth(async () => {
      seen.push(await cacheTaken())
      await withBoundHeapGrowth(async () => seen.push(await cacheTaken()))
      // the outer work still runs bounded after the inner one ended
      seen.push(await cacheTaken())
    })
    expect(seen).toEqual([false, false, false])
    expect(await cacheTaken()).toBe(true)
    await expect(withBoundHeapGrowth(async () => Promise.reject(new Error('the plan failed')))).rejects.toThrow('the plan failed')
    expect(await cacheTaken()).toBe(true)
  })

  it('is lifted before the exit listeners added earlier run when a process exits mid-plan: the code cache one writes is taken by the next process', () => {
    const tmp = makeTempDir()
    try {
      const url = pathToFileURL(join(REPO_ROOT, 'src-main/core/process/heap-growth.mjs')).href
      const written = join(tmp.dir, 'exit.cache')
      const script = [
        `import vm from 'node:vm'`,
        `import { writeFileSync } from 'node:fs'`,
        `import { withBoundHeapGrowth } from ${JSON.stringify(url)}`,
        `const script = new vm.Script(${JSON.stringify(SOURCE)})`,
        // as bin/cached-cli.cjs does: its listener added at load, before any plan, writes the cache
        `process.once('exit', () => writeFileSync(${JSON.stringify(written)}, script.createCachedData()))`,
        `await withBoundHeapGrowth(async () => process.exit(0))`,
      ].join('\n')
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
      // read by a new process with V8's default flags, as the next command is
      const check = `const vm = require('node:vm'); console.log(new vm.Script(${JSON.stringify(SOURCE)}, { cachedData: require('node:fs').readFileSync(${JSON.stringify(written)}) }).cachedDataRejected ? 'refused' : 'taken')`
      expect(execFileSync(process.execPath, ['-e', check], { encoding: 'utf8' }).trim()).toBe('taken')
    } finally {
      tmp.cleanup()
    }
  })
})

describe('a plan', () => {
  let tmp: ReturnType<typeof makeTempDir>
  let store: Store
  let engine: Engine
  const during: boolean[] = []
  beforeAll(() => {
    tmp = makeTempDir()
    store = openStore(join(tmp.dir, 'rekap.db'))
    engine = createEngine({
      store,
      ctx: defaultContext(),
      picturesDir: join(tmp.dir, 'pictures'),
      resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'test', sandbox: true }),
      // the rows are read as ever; what V8 takes is looked at while they are
      importRows: async (...args) => {
        during.push(await cacheTaken())
        return importRowsIntoJob(...args)
      },
    })
  })
  afterAll(async () => {
    await engine.close()
    store.close()
    tmp.cleanup()
  })

  it('reads its rows with the heap bounded, and leaves V8 as it was', async () => {
    const csv = join(tmp.dir, 'codes.csv')
    writeFileSync(csv, ['Kode RS,Catatan', 'RS0001,a', 'RS0002,b'].join('\n'))
    const plan = await engine.plan({ file: csv, kind: 'hospital-lookup', settings: defaultJobSettings({ sandbox: true }) })
    expect(plan.rowsTotal).toBe(2)
    expect(during).toEqual([false])
    expect(await cacheTaken()).toBe(true)
  })
})
