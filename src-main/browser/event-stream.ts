/**
 * `GET /api/events`: the hub's events as server-sent events (`event: job.progress`,
 * `data: {...}`). A slow reader loses progress snapshots (the next one supersedes them, and
 * the newest skipped one of each job is sent once it has caught up) but never a state change;
 * a comment every 15 s keeps proxies and idle timers quiet.
 */
import type { ServerResponse } from 'node:http'
import type { AppEvent, EventHub } from '../app/event-hub'

const HEARTBEAT_MS = 15_000
/** bytes queued on the socket beyond which progress snapshots are skipped */
const BACKLOG_LIMIT = 256 * 1024

export function openEventStream(res: ServerResponse, hub: EventHub, headers: Record<string, string>): () => void {
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  res.write('retry: 2000\n\n')
  const send = (event: AppEvent): void => {
    res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`)
  }
  // The newest snapshot of each job skipped while the reader was behind. Its next snapshot
  // supersedes it, but a job's last one (done, no owner left, Resume) has no next one: it goes
  // out once the socket has drained, or the open screen would stay stale for good.
  const skipped = new Map<string, AppEvent>()
  let draining = false
  const sendSkipped = (): void => {
    draining = false
    for (const event of skipped.values()) send(event)
    skipped.clear()
  }
  const off = hub.subscribe((event) => {
    if (event.name === 'job.progress') {
      if (res.writableLength > BACKLOG_LIMIT) {
        skipped.set(event.payload.jobId, event)
        if (!draining) (draining = true), res.once('drain', sendSkipped)
        return
      }
      skipped.delete(event.payload.jobId)
    }
    send(event)
  })
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS)
  heartbeat.unref()
  const close = (): void => {
    off()
    clearInterval(heartbeat)
  }
  res.on('close', close)
  return () => {
    close()
    res.end()
  }
}
