/**
 * Item 11: the sandbox answered any Host header, and its default key is public, so a web page
 * that re-points its own name at 127.0.0.1 (DNS rebinding) could drive it from the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { getWithHost } from './helpers'

let sandbox: SandboxProcess
beforeAll(async () => {
  sandbox = await startSandboxProcess()
})
afterAll(async () => {
  await sandbox?.stop()
})

describe('the sandbox answers only to its own names', () => {
  it('refuses a foreign Host with 421, the admin endpoints included; answers its loopback names', async () => {
    const port = new URL(sandbox.url).port
    const path = `${sandbox.url}/hospitals/indonesia/types`
    const headers = { 'x-api-service-id': sandbox.key }
    const foreign = await getWithHost(path, `evil.example:${port}`, headers)
    expect(foreign.status).toBe(421)
    expect(foreign.body).toMatch(/--allow-host/)
    expect((await getWithHost(`${sandbox.url}/_sandbox/state`, `evil.example:${port}`, { 'x-sandbox-admin': sandbox.adminToken })).status).toBe(421)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await getWithHost(path, host, headers)).status, host).toBe(200)
    }
  })

  it('answers a name given with --allow-host', async () => {
    const named = await startSandboxProcess({ args: ['--allow-host', 'sandbox.test'] })
    try {
      const port = new URL(named.url).port
      const path = `${named.url}/hospitals/indonesia/types`
      expect((await getWithHost(path, `sandbox.test:${port}`, { 'x-api-service-id': named.key })).status).toBe(200)
      expect((await getWithHost(path, `other.test:${port}`, { 'x-api-service-id': named.key })).status).toBe(421)
    } finally {
      await named.stop()
    }
  })
})
