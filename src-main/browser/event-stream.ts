/**
 * `GET /api/events`: the hub's events as server-sent events (`event: job.progress`,
 * `data: {...}`). A slow reader loses progress snapshots (the next one supersedes them)
 * but never a state change; a comment every 15 s keeps proxies and idle timers quiet.
 */
import type { ServerResponse } from 'node:http'
import type { EventHub } from '../app/event-hub'

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
  const off = hub.subscribe((event) => {
    if (event.name === 'job.progress' && res.writableLength > BACKLOG_LIMIT) return
    res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`)
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
