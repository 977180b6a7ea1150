/**
 * `rekap sandbox --key KEY` put the accepted key in the process list, readable by every user of the
 * machine. `--key-file FILE` and REKAP_SANDBOX_KEYS keep it out (as `rekap run`'s --key-file and
 * REKAP_API_KEY do); `--key` still works and warns, in the user's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

const KEY = 'sbx-FILE-KEY-7c41d09e'
let tmp: ReturnType<typeof makeTempDir>
const started: SandboxProcess[] = []

beforeAll(() => {
  tmp = makeTempDir('rekap-sec-sbx-key-')
})
afterAll(async () => {
  for (const s of started) await s.stop()
  tmp?.cleanup()
})

async function start(o: Parameters<typeof startSandboxProcess>[0]): Promise<SandboxProcess> {
  const s = await startSandboxProcess({ timeoutMs: 60_000, ...o })
  started.push(s)
  return s
}

async function statusWith(s: SandboxProcess, key: string): Promise<number> {
  const res = await fetch(`${s.url}/hospitals/indonesia/types`, { headers: { 'x-api-service-id': key } })
  await res.arrayBuffer()
  return res.status
}

/** Waits until the process has printed text matching `re` (stderr and stdout are separate pipes). */
async function printed(s: SandboxProcess, re: RegExp): Promise<string> {
  const until = Date.now() + 20_000
  while (!re.test(s.output()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
  return s.output()
}

/** The command line of every process on this machine (a re-exec or child would show here too). */
function commandLines(): string[] {
  const out: string[] = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      out.push(readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' '))
    } catch {
      // gone already
    }
  }
  return out
}

describe('rekap sandbox keeps its accepted keys out of argv', () => {
  it('--key-file: the key in the file is accepted, another refused, and no argv shows it', async () => {
    const file = join(tmp.dir, 'sandbox-keys.txt')
    writeFileSync(file, `${KEY}\n`, { mode: 0o600 })
    const s = await start({ keyArgs: ['--key-file', file] })
    expect(await statusWith(s, KEY)).toBe(200)
    expect(await statusWith(s, 'sandbox-key')).toBe(401)
    expect(await statusWith(s, 'other-key')).toBe(401)
    const own = readFileSync(`/proc/${s.child.pid}/cmdline`, 'latin1').replace(/\0/g, ' ')
    expect(own).toContain('--key-file')
    expect(own).not.toContain(KEY)
    expect(commandLines().filter((c) => c.includes(KEY))).toEqual([])
    expect(s.output()).not.toMatch(/warning|peringatan/)
    // issue 24 item 12: the accepted key is not printed either (stdout is often a log file or a shared terminal)
    expect(await printed(s, /admin token/)).not.toContain(KEY)
    expect(s.output()).toMatch(/key: .*--key-file/)
  }, 90_000)

  it('REKAP_SANDBOX_KEYS (comma-separated): each key accepted, another refused, none in argv', async () => {
    const s = await start({ keyArgs: [], env: { REKAP_SANDBOX_KEYS: `${KEY}-a, ${KEY}-b` } })
    expect(await statusWith(s, `${KEY}-a`)).toBe(200)
    expect(await statusWith(s, `${KEY}-b`)).toBe(200)
    expect(await statusWith(s, 'sandbox-key')).toBe(401)
    expect(commandLines().filter((c) => c.includes(`${KEY}-a`) || c.includes(`${KEY}-b`))).toEqual([])
    expect(await printed(s, /admin token/)).not.toContain(`${KEY}-a`)
  }, 90_000)

  it('--key still works, and warns that argv is visible to other users, in the user language', async () => {
    const en = await start({ key: `${KEY}-en`, env: { REKAP_LANG: 'en' } })
    expect(await statusWith(en, `${KEY}-en`)).toBe(200)
    expect(await printed(en, /warning: --key/)).toMatch(/warning: --key puts the accepted key in the process list.*REKAP_SANDBOX_KEYS/)
    const id = await start({ key: `${KEY}-id`, env: { REKAP_LANG: 'id' } })
    expect(await statusWith(id, `${KEY}-id`)).toBe(200)
    expect(await printed(id, /peringatan: --key/)).toMatch(/peringatan: --key menaruh kunci yang diterima di daftar proses.*REKAP_SANDBOX_KEYS/)
  }, 120_000)

  it('an empty or missing key file is refused before listening, naming the file', async () => {
    const empty = join(tmp.dir, 'empty.txt')
    writeFileSync(empty, ' \n')
    const r = await rekap(['sandbox', '--port', '0', '--key-file', empty], { env: { REKAP_LANG: 'en' } })
    expect(r.code, r.out).toBe(2)
    expect(r.stderr).toContain(`--key-file ${empty} holds no API key`)
    const missing = await rekap(['sandbox', '--port', '0', '--key-file', join(tmp.dir, 'nope.txt')], { env: { REKAP_LANG: 'id' } })
    expect(missing.code, missing.out).toBe(2)
    expect(missing.stderr).toMatch(/--key-file .*nope\.txt: tidak bisa dibaca \(ENOENT\)/)
  }, 60_000)
})
