/**
 * The security suite drives rekap the way an attacker's input reaches it: the real `rekap` CLI as a
 * child process, the real `rekap ui` server on a free loopback port, real files on disk.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/temp-dir'

export interface CliResult {
  code: number | null
  out: string
  stdout: string
  stderr: string
}

/** `node bin/rekap.mjs ...args`; no key or data folder from the developer's shell leaks in. */
export function rekap(
  args: string[],
  o: { env?: Record<string, string>; input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'rekap.mjs'), ...args], {
    cwd: o.cwd ?? REPO_ROOT,
    stdio: [o.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', ...o.env },
  })
  if (o.input !== undefined) child.stdin!.end(o.input)
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s))
  // A command that should have refused but serves forever instead must not outlive the test.
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 150_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out: stdout + stderr, stdout, stderr })
    }),
  )
}

/** A stand-in renderer build (the server under test is real; the page it serves does not matter here). */
export function fakeRenderer(dir: string): string {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>rekap</title><div id="app"></div>')
  return dir
}

export interface UiChild {
  url: string
  origin: string
  port: number
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}

/** Starts `rekap ui --no-open --port 0 ...args` and waits for its one line (or its exit). */
export async function startUiChild(args: string[], env: Record<string, string>, o: { cwd?: string } = {}): Promise<UiChild> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'rekap.mjs'), 'ui', '--port', '0', '--no-open', ...args], {
    cwd: o.cwd ?? REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', ...env },
  })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`rekap ui printed no link:\n${output}`)), 60_000)
    child.stdout!.on('data', () => {
      const m = /rekap ui at (https?:\/\/\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        done(m[1])
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`rekap ui exited with ${code}:\n${output}`))
    })
  })
  const u = new URL(url)
  return {
    url,
    origin: u.origin,
    port: Number(u.port),
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** A plain HTTP GET with any Host header (fetch() refuses to send a foreign one; a rebinding page does). */
export function getWithHost(url: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { ...headers, host } }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (s: string) => (body += s))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * Signs in the way the page does: the printed link's token, once, in the header, for the session
 * secret; returns the header every later call carries (never a cookie: see session-token.ts).
 */
export async function signIn(url: string): Promise<{ 'x-rekap-token': string }> {
  const u = new URL(url)
  const res = await fetch(`${u.origin}/api/session`, { method: 'POST', headers: { 'x-rekap-token': u.searchParams.get('token')! }, body: '{}' })
  if (res.status !== 200) throw new Error(`sign-in refused: ${res.status} ${await res.text()}`)
  return { 'x-rekap-token': ((await res.json()) as { session: string }).session }
}
