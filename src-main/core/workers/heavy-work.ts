import { Worker } from 'node:worker_threads'
import { PlanError, type ImportOptions, type PlannedTable, type PlanRequestArgs, type RowImporter } from '../jobs/planner'
import type { Store } from '../store'
import type { FromHeavyWorker, HeavyResult, HeavyTask } from './heavy-protocol'
import { workerLaunch } from './worker-launch'
import type { CoreText } from '../texts/core-text'

/** Raised in the caller's thread for a failure inside the heavy-work thread, keeping its name. */
export class HeavyWorkError extends Error {
  constructor(
    readonly originalName: string,
    message: string,
    /** the error's core text, when it had one (the thread sends it as data) */
    readonly text: CoreText | null = null,
  ) {
    super(message)
  }
}

/**
 * Workbook parsing and inflation (plans) and report writing, off the thread that serves the UI.
 * One thread is kept warm between tasks (starting one costs a module load); a task that comes
 * while it is busy gets a thread of its own, which ends with its task.
 */
export class HeavyWork {
  private idle: Worker | null = null
  private readonly busy = new Set<Worker>()
  private closed = false

  run(task: HeavyTask, onProgress?: (rows: number) => void): Promise<HeavyResult> {
    if (this.closed) return Promise.reject(new Error('heavy-work threads are closed'))
    const worker = this.idle ?? this.spawn()
    this.idle = null
    this.busy.add(worker)
    worker.ref()
    return new Promise<HeavyResult>((resolve, reject) => {
      const onMessage = (msg: FromHeavyWorker): void => {
        if (msg.type === 'progress') onProgress?.(msg.rows)
        else if (msg.type === 'done' || msg.type === 'error') {
          finish()
          if (msg.type === 'done') resolve(msg.result)
          else reject(msg.name === 'PlanError' ? new PlanError(msg.text ?? msg.message, msg.exitCode) : new HeavyWorkError(msg.name, msg.message, msg.text ?? null))
        }
      }
      const onError = (err: Error): void => {
        finish(true)
        reject(err)
      }
      const onExit = (code: number): void => {
        finish(true)
        reject(new Error(`the heavy-work thread stopped (exit code ${code}) during ${task.kind}`))
      }
      const finish = (dead = false): void => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit)
        this.busy.delete(worker)
        if (dead || this.closed) return void worker.terminate()
        if (this.idle) void worker.terminate()
        else {
          worker.unref()
          this.idle = worker
        }
      }
      worker.on('message', onMessage).on('error', onError).on('exit', onExit)
      worker.postMessage(task)
    })
  }

  /** A RowImporter that runs the plan's import in a thread; in-memory stores stay in this thread. */
  importer(fallback: RowImporter): RowImporter {
    return async (store: Store, req: PlanRequestArgs, opts: ImportOptions) => {
      if (!isFileStore(store) || opts.preflights) return fallback(store, req, opts)
      const task: HeavyTask = { kind: 'plan', dbFile: store.file, req, picturesDir: opts.picturesDir, now: opts.now(), maxRows: opts.maxRows }
      return (await this.run(task, opts.onRows)) as PlannedTable
    }
  }

  async close(): Promise<void> {
    this.closed = true
    const all = [...this.busy, ...(this.idle ? [this.idle] : [])]
    this.idle = null
    await Promise.all(all.map((w) => w.terminate()))
  }

  private spawn(): Worker {
    const launch = workerLaunch('heavy-worker', import.meta.url)
    const worker = new Worker(launch.script, { eval: launch.eval })
    // the 'ready' message is informational; tasks posted before it queue in the port
    worker.unref()
    return worker
  }
}

export function isFileStore(store: Store): boolean {
  return store.file !== '' && store.file !== ':memory:'
}
