/**
 * Browser mode's event stream skips progress snapshots while a page reads slowly (its socket's
 * backlog over the limit): the next snapshot of that job supersedes a skipped one. But the last
 * snapshot of a job has no next one: a job's final word (done, every row counted, no owner left,
 * Resume or not) skipped that way left the open screen stale for good. A page that catches up must
 * get the newest snapshot of every job it missed.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEventStream } from '../../src-main/browser/event-stream'
import { createEventHub } from '../../src-main/app/event-hub'
import type { ProgressView } from '../../src-main/contract/ipc'

const hub = createEventHub()
let server: Server
let serverSide: ServerResponse | null = null
let port: number

beforeAll(async () => {
  server = createServer((_req, res) => {
    serverSide = res
    openEventStream(res, hub, {})
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

/** the stream's limit (event-stream.ts BACKLOG_LIMIT): beyond it, progress is skipped */
const BEHIND = 256 * 1024
const snapshot = (jobId: string, seq: number, state = 'running'): ProgressView => ({ jobId, seq, state, padding: 'x'.repeat(32 * 1024) }) as unknown as ProgressView

describe('the event stream of a page that reads slowly', () => {
  it('skips progress while the page is behind, then sends the newest snapshot of each job it skipped', async () => {
    const page = await new Promise<IncomingMessage>((done) => request({ port, path: '/' }, done).end())
    page.setEncoding('utf8')
    page.pause() // the page reads nothing for now: the socket fills
    await expect.poll(() => serverSide !== null).toBe(true)
    // snapshots of two jobs until the stream is behind (the kernel's buffers full, then the stream's own)
    let seq = 0
    while (serverSide!.writableLength <= BEHIND && seq < 2000) {
      seq++
      hub.emit('job.progress', snapshot('ja', seq))
      hub.emit('job.progress', snapshot('jb', seq))
      await new Promise((r) => setImmediate(r))
    }
    expect(serverSide!.writableLength, 'the stream never fell behind').toBeGreaterThan(BEHIND)
    // the last words of both jobs, while the page is still behind: skipped
    hub.emit('job.progress', snapshot('ja', 100_000, 'done'))
    hub.emit('job.state', { jobId: 'jb', state: 'paused', blockedReason: null, detail: null })
    hub.emit('job.progress', snapshot('jb', 100_000, 'paused'))

    // the page catches up
    const last = new Map<string, { seq: number; state: string }>()
    let rest = ''
    page.on('data', (chunk: string) => {
      rest += chunk
      let end: number
      while ((end = rest.indexOf('\n\n')) >= 0) {
        const block = rest.slice(0, end)
        rest = rest.slice(end + 2)
        const name = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (name === 'job.progress' && data) {
          const p = JSON.parse(data) as { jobId: string; seq: number; state: string }
          last.set(p.jobId, { seq: p.seq, state: p.state })
        }
      }
    })
    page.resume()
    await expect.poll(() => last.get('ja'), { timeout: 20_000 }).toEqual({ seq: 100_000, state: 'done' })
    await expect.poll(() => last.get('jb'), { timeout: 20_000 }).toEqual({ seq: 100_000, state: 'paused' })
    page.destroy()
  })
})
