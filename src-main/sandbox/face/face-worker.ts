/**
 * Entry of a face worker thread: loads the models once, then describes one image at a time.
 * Started by worker-pool.ts (see worker-location.ts for how it is found and loaded).
 */
import { parentPort } from 'node:worker_threads'
import { describeImage } from './describe-image'
import { loadFaceModels } from './face-models'
import type { FromWorker, ToWorker } from './worker-protocol'

if (!parentPort) throw new Error('face-worker must run as a worker thread')
const port = parentPort
const send = (msg: FromWorker): void => port.postMessage(msg)
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

port.on('message', (msg: ToWorker) => {
  if (msg.type === 'describe') {
    describeImage(msg.image, msg.detection).then(
      (result) => send({ type: 'described', id: msg.id, result }),
      (err) => send({ type: 'failed', id: msg.id, message: messageOf(err) }),
    )
  } else if (msg.type === 'stats') {
    void loadFaceModels().then((models) =>
      send({
        type: 'stats',
        id: msg.id,
        memory: {
          heapUsedBytes: process.memoryUsage().heapUsed,
          wasmHeapBytes: models.wasmHeapBytes(),
          processMaxRssBytes: process.resourceUsage().maxRSS * 1024,
        },
      }),
    )
  }
})

loadFaceModels().then(
  (models) => send({ type: 'ready', backend: models.backend }),
  (err) => send({ type: 'init-failed', message: messageOf(err) }),
)
