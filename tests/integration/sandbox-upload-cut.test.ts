/**
 * A face upload cut short by its client (a desk killed mid-send, team-money's SIGKILL test): the
 * sandbox must be done with the request, not wait for the rest of the body for ever. Failed on
 * 2f187a2: readFaceUpload never settled (busboy never closes without the body's end).
 */
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { readFaceUpload } from '../../src-main/sandbox/face-upload'

describe('a face upload whose client goes away mid-body', () => {
  it('settles (rejected), so the request is answered and never charged', async () => {
    let settled: Promise<string> | null = null
    const gotIt = new Promise<void>((arrived) => {
      const server = createServer((req) => {
        settled = readFaceUpload(req).then(
          () => 'resolved',
          (e: Error) => `rejected: ${e.message}`,
        )
        arrived()
      })
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo
        const boundary = 'cut-boundary'
        const client = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/face/verify',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '100000' },
        })
        client.on('error', () => {})
        client.write(`--${boundary}\r\nContent-Disposition: form-data; name="image1"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`)
        client.write(Buffer.alloc(1000, 0xff))
        // the rest of the body never comes: the client is gone once the server has the request
        gotIt.then(() => setTimeout(() => (client.destroy(), server.close()), 50))
      })
    })
    await gotIt
    const outcome = await Promise.race([settled!, new Promise<string>((r) => setTimeout(() => r('still waiting'), 10_000))])
    expect(outcome).toBe('rejected: the client went away before its upload ended')
  })
})
