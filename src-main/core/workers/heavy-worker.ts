/**
 * The heavy-work thread: runs one task at a time on its own connection to the store's file and
 * reports progress at most 4 times a second. Started by ./heavy-work.ts.
 */
import { parentPort } from 'node:worker_threads'
import { openStore } from '../store'
import { importRowsIntoJob } from '../jobs/planner'
import { writeJobReport } from '../export'
import type { FromHeavyWorker, HeavyTask } from './heavy-protocol'
import { textOfError } from '../texts/core-text'

const PROGRESS_EVERY_MS = 250

const port = parentPort!
const send = (msg: FromHeavyWorker): void => port.postMessage(msg)

async function run(task: HeavyTask): Promise<void> {
  const store = openStore(task.dbFile)
  try {
    if (task.kind === 'plan') {
      let last = 0
      const result = await importRowsIntoJob(store, task.req, {
        picturesDir: task.picturesDir,
        // the main thread's clock, advanced by this thread's elapsed time (tests may fake it)
        now: ((t0, base) => () => base + (Date.now() - t0))(Date.now(), task.now),
        maxRows: task.maxRows,
        onRows: (rows) => {
          const t = Date.now()
          if (t - last < PROGRESS_EVERY_MS) return
          last = t
          send({ type: 'progress', rows })
        },
      })
      send({ type: 'done', result })
    } else {
      send({ type: 'done', result: await writeJobReport(store, task.jobId, task.opts) })
    }
  } catch (err) {
    const e = err as Error & { exitCode?: number }
    send({ type: 'error', name: e?.constructor?.name ?? 'Error', message: e?.message ?? String(err), exitCode: e?.exitCode, text: textOfError(err) })
  } finally {
    store.close()
  }
}

port.on('message', (task: HeavyTask) => void run(task))
send({ type: 'ready' })
