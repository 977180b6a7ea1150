/**
 * Starts the real `rekap sandbox` command as a child process on a free loopback port,
 * exactly as a user would run it, and hands back what a test needs to talk to it.
 *
 *   const sandbox = await startSandboxProcess({ args: ['--premium'] })
 *   await fetch(`${sandbox.url}/hospitals/indonesia/types`, { headers: { 'x-api-service-id': sandbox.key } })
 *   await sandbox.admin('GET', '/_sandbox/state')   // -> parsed JSON
 *   await sandbox.stop()                            // SIGTERM, waits for the exit
 *
 * `--port 0`, a fixed key and a fixed admin token are always passed; `args` adds flags. The key
 * goes in as the command line would (`keyArgs`, e.g. `['--key-file', f]`), else in `--key`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
/** `../shared/...` beside the repository (data, face fixtures); never copied into it. */
export const SHARED_DIR = resolve(REPO_ROOT, '../shared')

export interface SandboxProcess {
  /** base URL, e.g. http://127.0.0.1:41234 */
  url: string
  key: string
  adminToken: string
  /** ms from spawn to the "listening on" line (includes node + tsx start-up) */
  startupMs: number
  child: ChildProcess
  /** everything the process printed so far */
  output(): string
  /** calls an /_sandbox/ admin endpoint with the admin token; returns the parsed JSON body */
  admin(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any>
  /** SIGTERM (or the given signal) and wait for the exit; resolves to the exit code */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface SandboxProcessOptions {
  args?: string[]
  key?: string
  adminToken?: string
  /** how the key is given instead of `--key <key>` (e.g. `['--key-file', f]`, or `[]` with env) */
  keyArgs?: string[]
  /** extra environment of the process (e.g. REKAP_SANDBOX_KEYS, REKAP_LANG) */
  env?: Record<string, string>
  /** how long to wait for the listening line; default 20 s (two shared cores) */
  timeoutMs?: number
}

const LISTENING = /rekap sandbox listening on (http:\/\/\S+)/

export async function startSandboxProcess(opts: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  const key = opts.key ?? 'test-key'
  const adminToken = opts.adminToken ?? 'test-admin-token'
  const keyArgs = opts.keyArgs ?? ['--key', key]
  const args = ['bin/rekap.mjs', 'sandbox', '--port', '0', ...keyArgs, '--admin-token', adminToken, ...(opts.args ?? [])]
  const started = performance.now()
  // its start-up lines in English unless a test asks otherwise (they follow --lang / REKAP_LANG)
  const env = { ...process.env, REKAP_LANG: 'en', ...opts.env }
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`sandbox did not start in time:\n${output}`)), opts.timeoutMs ?? 20_000)
    const onData = (): void => {
      const m = LISTENING.exec(output)
      if (m) {
        clearTimeout(timer)
        child.stdout!.off('data', onData)
        done(m[1])
      }
    }
    child.stdout!.on('data', onData)
    exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`sandbox exited with ${code} before listening:\n${output}`))
    })
  })
  const startupMs = performance.now() - started

  return {
    url,
    key,
    adminToken,
    startupMs,
    child,
    output: () => output,
    admin: (method, path, body) => adminCall(`${url}${path}`, method, adminToken, body),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode
      child.kill(signal)
      return exited
    },
  }
}

/**
 * One admin call on a connection of its own (agent: false), not fetch's kept-alive one: a test whose
 * event loop an in-process import blocks for longer than the sandbox's keep-alive (5 s) would send
 * its next call on a socket the sandbox already closed ("fetch failed: other side closed").
 */
function adminCall(url: string, method: string, adminToken: string, body: unknown): Promise<any> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((done, fail) => {
    const req = request(url, { method, agent: false, headers: { 'x-sandbox-admin': adminToken, 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (s: string) => (text += s))
      res.once('end', () => {
        try {
          done(JSON.parse(text))
        } catch (err) {
          fail(new Error(`sandbox ${method} ${url} answered ${res.statusCode}: ${text.slice(0, 200)}`, { cause: err }))
        }
      })
      res.once('error', fail)
    })
    req.once('error', fail)
    req.end(payload)
  })
}
