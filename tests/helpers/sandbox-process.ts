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
    async admin(method, path, body) {
      const call = (): Promise<Response> =>
        fetch(`${url}${path}`, {
          method,
          headers: { 'x-sandbox-admin': adminToken, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      try {
        return (await call()).json()
      } catch (err) {
        // An idle keep-alive socket the sandbox closed (keepAliveTimeout) just as it was reused:
        // on a starved CPU undici's own expiry, a second earlier, fires late. A GET only reads: asked again.
        if (method !== 'GET' || !cutSocket(err)) throw err
        return (await call()).json()
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode
      child.kill(signal)
      return exited
    },
  }
}

/** undici's "other side closed" (fetch failed, cause.code UND_ERR_SOCKET). */
function cutSocket(err: unknown): boolean {
  return (err as { cause?: { code?: unknown } } | null)?.cause?.code === 'UND_ERR_SOCKET'
}
