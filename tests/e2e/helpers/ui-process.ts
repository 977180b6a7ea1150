/**
 * Starts the real `rekap ui` (browser mode) as a child process, the way a user runs it, on a
 * free port with a temporary data file, and reads the one line it prints:
 *   rekap ui at http://127.0.0.1:N/?token=…
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../../helpers/sandbox-process'

export interface UiProcess {
  /** the full link with the token, as printed */
  url: string
  origin: string
  dataDir: string
  dbFile: string
  child: ChildProcess
  output(): string
  stop(): Promise<number | null>
}

export interface UiProcessOptions {
  /** --sandbox-balance: points the embedded sandbox starts with */
  sandboxBalance?: number
  /** --sandbox-latency: ms added to each sandbox request (slows a run enough to pause it) */
  sandboxLatencyMs?: number
  env?: NodeJS.ProcessEnv
  /** an existing database file (e.g. a desk's, with a job already in it) instead of a fresh one */
  dbFile?: string
  timeoutMs?: number
}

const LINE = /rekap ui at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/

export async function startUiProcess(opts: UiProcessOptions = {}): Promise<UiProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rekap-e2e-'))
  const dbFile = opts.dbFile ?? path.join(dataDir, 'rekap.db')
  const args = ['bin/rekap.mjs', 'ui', '--port', '0', '--no-open', '--db', dbFile]
  if (opts.sandboxBalance !== undefined) args.push('--sandbox-balance', String(opts.sandboxBalance))
  if (opts.sandboxLatencyMs !== undefined) args.push('--sandbox-latency', String(opts.sandboxLatencyMs))
  // No key from the developer's shell: the embedded sandbox is the target.
  const env = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_DATA_DIR: dataDir, ...opts.env }
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`rekap ui did not print its link in time:\n${output}`)), opts.timeoutMs ?? 60_000)
    const check = (): void => {
      const m = LINE.exec(output)
      if (m) {
        clearTimeout(timer)
        done(m[1])
      }
    }
    child.stdout!.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`rekap ui exited with ${code} before printing its link:\n${output}`))
    })
  })

  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    dbFile,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const code = await exited
      rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}
