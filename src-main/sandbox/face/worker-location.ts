import { workerLaunch, type WorkerLaunch } from '../../core/workers/worker-launch'

export type { WorkerLaunch }

/**
 * How to start the face worker thread: `face-worker.js` beside the bundle once built (electron-vite
 * emits it as its own entry), or `face-worker.ts` through tsx from the sources. The same rule as
 * every other worker thread (core/workers/worker-launch.ts).
 */
export function faceWorkerLaunch(moduleUrl: string = import.meta.url): WorkerLaunch {
  return workerLaunch('face-worker', moduleUrl)
}
