import { Worker } from 'node:worker_threads'
import type { ImageFaces } from './compare-faces'
import type { DetectorSettings } from './detector-choice'
import type { WorkerLaunch } from './worker-location'
import type { FromWorker, ToWorker, WorkerMemory } from './worker-protocol'

interface Job {
  id: number
  image: Uint8Array
  detection: DetectorSettings
  resolve(result: ImageFaces): void
  reject(err: Error): void
}

/** One worker thread and what it is doing. State: starting -> idle <-> busy -> gone. */
interface Slot {
  worker: Worker
  state: 'starting' | 'idle' | 'busy' | 'gone'
  job?: Job
  /** close() waits here for the image being described to finish */
  whenFree: Array<() => void>
  /** memory() requests waiting for this worker's answer */
  statsWaiters: Map<number, { resolve(memory: WorkerMemory): void; reject(err: Error): void }>
}

/** A crashed worker is replaced, but a worker that keeps dying must not respawn forever. */
const MAX_RESPAWNS = 3

/**
 * A fixed set of face worker threads, each with its own copy of the models, fed from one FIFO
 * queue. Each image is one job, so the two images of a pair run on two workers at once.
 */
export class FaceWorkerPool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 1
  private respawns = 0
  private closing = false

  private constructor(private readonly launch: WorkerLaunch) {}

  /** Starts `size` workers and resolves once every one has loaded its models. */
  static async start(size: number, launch: WorkerLaunch): Promise<FaceWorkerPool> {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`worker count must be an integer >= 1, got ${size}`)
    const pool = new FaceWorkerPool(launch)
    try {
      await Promise.all(Array.from({ length: size }, () => pool.spawn()))
    } catch (err) {
      await pool.close()
      throw err
    }
    return pool
  }

  get size(): number {
    return this.slots.filter((s) => s.state !== 'gone').length
  }

  describe(image: Uint8Array, detection: DetectorSettings): Promise<ImageFaces> {
    if (this.closing) return Promise.reject(new Error('face engine is closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, image, detection, resolve, reject })
      this.dispatch()
    })
  }

  /** Memory as reported by each live worker (a worker lost meanwhile is left out). */
  async memory(): Promise<WorkerMemory[]> {
    const live = this.slots.filter((s) => s.state === 'idle' || s.state === 'busy')
    const answers = await Promise.allSettled(
      live.map(
        (slot) =>
          new Promise<WorkerMemory>((resolve, reject) => {
            const id = this.nextId++
            slot.statsWaiters.set(id, { resolve, reject })
            slot.worker.postMessage({ type: 'stats', id } satisfies ToWorker)
          }),
      ),
    )
    return answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))
  }

  /** Rejects queued work, lets images already being described finish, then stops every thread. */
  async close(): Promise<void> {
    if (this.closing) return
    this.closing = true
    for (const job of this.queue.splice(0)) job.reject(new Error('face engine is closed'))
    const inFlight = this.slots.filter((s) => s.state === 'busy').map((s) => waitUntilIdle(s))
    await Promise.all(inFlight)
    await Promise.all(this.slots.map((slot) => this.retire(slot)))
  }

  private spawn(): Promise<void> {
    const worker = new Worker(this.launch.script, { eval: this.launch.eval })
    const slot: Slot = { worker, state: 'starting', whenFree: [], statsWaiters: new Map() }
    this.slots.push(slot)
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: FromWorker) => {
        if (msg.type === 'ready') {
          slot.state = 'idle'
          resolve()
          this.dispatch()
        } else if (msg.type === 'init-failed') {
          reject(new Error(`face worker could not load the models: ${msg.message}`))
          void this.retire(slot)
        } else if (msg.type === 'described' || msg.type === 'failed') {
          const job = slot.job
          slot.job = undefined
          if (slot.state === 'busy') slot.state = 'idle'
          releaseWaiters(slot)
          if (job && msg.type === 'described') job.resolve(msg.result)
          else if (job && msg.type === 'failed') job.reject(new Error(`face analysis failed: ${msg.message}`))
          this.dispatch()
        } else if (msg.type === 'stats') {
          slot.statsWaiters.get(msg.id)?.resolve(msg.memory)
          slot.statsWaiters.delete(msg.id)
        }
      })
      worker.on('error', (err) => {
        if (slot.state === 'starting') reject(new Error(`face worker failed to start: ${err.message}`))
        this.onWorkerLost(slot, err)
      })
      worker.on('exit', (code) => {
        if (slot.state === 'starting') reject(new Error(`face worker exited with code ${code} while starting`))
        this.onWorkerLost(slot, new Error(`face worker exited with code ${code}`))
      })
    })
  }

  private onWorkerLost(slot: Slot, cause: Error): void {
    if (slot.state === 'gone') return
    const wasStarting = slot.state === 'starting'
    void this.retire(slot)
    slot.job?.reject(new Error(`face worker crashed while analysing an image: ${cause.message}`))
    slot.job = undefined
    if (this.closing || wasStarting) return
    if (this.respawns < MAX_RESPAWNS) {
      this.respawns++
      this.spawn().catch((err: Error) => this.failQueueIfNoWorkers(err))
    } else {
      this.failQueueIfNoWorkers(cause)
    }
  }

  /** Marks a worker gone (so its exit is not taken for a crash), frees its waiters, stops it. */
  private async retire(slot: Slot): Promise<void> {
    slot.state = 'gone'
    releaseWaiters(slot)
    for (const waiter of slot.statsWaiters.values()) waiter.reject(new Error('face worker stopped'))
    slot.statsWaiters.clear()
    await slot.worker.terminate()
  }

  private failQueueIfNoWorkers(cause: Error): void {
    if (this.slots.some((s) => s.state !== 'gone')) return
    for (const job of this.queue.splice(0)) job.reject(new Error(`no face worker is running: ${cause.message}`))
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return
      if (slot.state !== 'idle') continue
      const job = this.queue.shift()!
      slot.state = 'busy'
      slot.job = job
      // Copy just the view (a Buffer is often a slice of a larger slab that cloning would copy whole),
      // then hand the copy over without a second copy; the caller's buffer is never detached.
      const image = new Uint8Array(job.image)
      slot.worker.postMessage({ type: 'describe', id: job.id, image, detection: job.detection } satisfies ToWorker, [image.buffer])
    }
  }
}

function waitUntilIdle(slot: Slot): Promise<void> {
  if (slot.state !== 'busy') return Promise.resolve()
  return new Promise((resolve) => slot.whenFree.push(resolve))
}

function releaseWaiters(slot: Slot): void {
  for (const release of slot.whenFree.splice(0)) release()
}
