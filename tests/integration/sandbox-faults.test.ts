/**
 * Fault injection (--fail-rate, --latency, POST /_sandbox/faults): failed requests are
 * answered 500 or cut mid-response, never charged and never counted as hits.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FaceVerifier } from '../../src-main/sandbox/face/types'
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

type Outcome = { kind: 'answer'; status: number; body: any } | { kind: 'dropped'; error: string }

async function attempt(url: string, init?: RequestInit): Promise<Outcome> {
  try {
    const res = await fetch(url, init)
    const text = await res.text()
    return { kind: 'answer', status: res.status, body: JSON.parse(text) }
  } catch (err) {
    return { kind: 'dropped', error: String((err as Error).cause ?? err) }
  }
}

describe('fail rate 1 on the real process', () => {
  let sb: SandboxProcess
  beforeAll(async () => {
    sb = await startSandboxProcess({ args: ['--fail-rate', '1'] })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  it('every request fails, half 500 and half dropped mid-response, and none counts as a hit', async () => {
    const outcomes: Outcome[] = []
    for (let i = 0; i < 30; i++) {
      outcomes.push(await attempt(`${sb.url}/hospitals/indonesia/types`, { headers: { 'x-api-service-id': sb.key } }))
    }
    const errors = outcomes.filter((o) => o.kind === 'answer')
    const dropped = outcomes.filter((o) => o.kind === 'dropped')
    expect(errors.length + dropped.length).toBe(30)
    expect(errors.length).toBeGreaterThan(5)
    expect(dropped.length).toBeGreaterThan(5)
    for (const e of errors) {
      expect(e.kind === 'answer' && e.status).toBe(500)
      expect(e.kind === 'answer' && e.body).toEqual({ is_success: false, message: 'Internal server error' })
    }
    expect((await sb.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(0)
  })

  it('POST /_sandbox/faults turns faults off and adds latency live', async () => {
    const state = await sb.admin('POST', '/_sandbox/faults', { fail_rate: 0, latency_ms: 200 })
    expect(state.faults).toEqual({ latency_ms: 200, fail_rate: 0 })
    const t0 = performance.now()
    const ok = await attempt(`${sb.url}/hospitals/indonesia/types`, { headers: { 'x-api-service-id': sb.key } })
    const took = performance.now() - t0
    expect(ok.kind === 'answer' && ok.status).toBe(200)
    expect(took).toBeGreaterThanOrEqual(95) // 50%..150% of 200 ms
    const bad = await sb.admin('POST', '/_sandbox/faults', { fail_rate: 2 })
    expect(bad).toEqual({ is_success: false, message: 'fail rate must be a number between 0 and 1' })
    await sb.admin('POST', '/_sandbox/faults', { latency_ms: 0 })
  })
})

describe('faulted face matches are never charged (in-process)', () => {
  let sandbox: RunningSandbox
  let verifierCalls = 0
  beforeAll(async () => {
    // timing fake: always "same person"; the point here is charging, not recognition
    const verifier: FaceVerifier = {
      async verify() {
        verifierCalls++
        return { ok: true, match: true, confidence: 0.9, debug: { faces: [1, 1], distance: 0.2, choseAmongSeveral: false } }
      },
      async close() {},
    }
    sandbox = await startSandbox({ port: 0, keys: ['k'], adminToken: 'a', balance: 4000, failRate: 0.5, seed: 1, faceVerifier: verifier })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('only answered successes cost 400 points', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#999' } }).jpeg().toBuffer()
    let successes = 0
    for (let i = 0; i < 8; i++) {
      const form = new FormData()
      form.append('image1', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg')
      form.append('image2', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'b.jpg')
      const o = await attempt(`${sandbox.url}/face-match/verify`, { method: 'POST', headers: { 'x-api-service-id': 'k' }, body: form })
      if (o.kind === 'answer' && o.status === 200) successes++
    }
    expect(successes).toBeGreaterThan(0)
    expect(successes).toBeLessThan(8)
    expect(verifierCalls).toBe(successes) // faulted requests never reached verification
    expect(sandbox.state()).toMatchObject({ charged_calls: successes, balance: 4000 - 400 * successes })
  })
})
