import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'

import { corpus } from './corpus'
import { FuzzTarget } from './fuzz-target'
import { mutant } from './mutators'
import type { FuzzTask, WorkerMessage } from './fuzz-runner'

/**
 * The fuzzer's worker thread: builds each mutant, runs it through the reader, says when it starts
 * and how it ended. The main thread watches the clock and the memory, and ends this thread when a
 * mutant hangs (a synchronous loop cannot be interrupted from inside).
 */
const { tasks, dir, exceljs, badInputsDir } = workerData as { tasks: FuzzTask[]; dir: string; exceljs: boolean; badInputsDir?: string }
const seeds = new Map(corpus(badInputsDir).map((s) => [s.name, s]))
const post = (m: WorkerMessage) => parentPort!.postMessage(m)

async function main(): Promise<void> {
  mkdirSync(dir, { recursive: true })
  const target = new FuzzTarget(dir)
  const bytesOf = new Map<string, Buffer>()
  for (const task of tasks) {
    const seed = seeds.get(task.seedName)
    if (!seed) throw new Error(`no seed file ${task.seedName} in the corpus`)
    if (!bytesOf.has(task.seedName)) bytesOf.set(task.seedName, seed.bytes())
    const m = mutant(bytesOf.get(task.seedName)!, task.seed, task.index)
    const file = join(dir, `mutant-${task.index}${extname(task.seedName)}`)
    writeFileSync(file, m.bytes)
    post({ type: 'start', index: task.index, what: m.what })
    const started = performance.now()
    const results = exceljs ? await target.exceljsPaths(file) : [await target.dryRun(file)]
    const crash = results.find((r) => r.outcome === 'crash')
    const result = crash ?? results[0]
    post({ type: 'done', index: task.index, outcome: result.outcome, message: result.message, ms: performance.now() - started })
    rmSync(file, { force: true })
  }
  await target.close()
  post({ type: 'finished' })
}

void main()
