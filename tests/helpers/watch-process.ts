/**
 * A real `rekap watch` process for the watched-folder tests, its stdout and stderr kept as one
 * text, and the one way those tests wait: polling a state (a file, a line, a count), never a
 * fixed sleep as the thing asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { REPO_ROOT } from './temp-dir'

export interface WatchProcess {
  child: ChildProcess
  /** everything it printed so far */
  out(): string
  exited: Promise<number | null>
  /** it has exited or was killed */
  ended(): boolean
}

/** `rekap watch ARGS` in English, with no key or data file from the environment; `env` adds to it. */
export function startWatch(args: string[], env: NodeJS.ProcessEnv = {}): WatchProcess {
  const child = spawn(process.execPath, ['bin/rekap.mjs', 'watch', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en', ...env },
  })
  let out = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out += s))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, out: () => out, exited, ended: () => child.exitCode !== null || child.signalCode !== null }
}

/** Polls `cond` every 50 ms; past `timeoutMs` fails naming `what`, with the process's output. */
export async function until(what: string, cond: () => boolean | Promise<boolean>, output: () => string, timeoutMs = 120_000): Promise<void> {
  const start = Date.now()
  while (!(await cond())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}\n${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
