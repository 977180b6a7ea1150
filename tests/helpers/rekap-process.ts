import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './temp-dir'
import { openStore, type RowCounts } from '../../src-main/core/store'

export interface RekapRun {
  code: number | null
  out: string
  err: string
}

/** A real `rekap` process still running: what it has written so far, and its end. */
export interface StartedRekap {
  child: ChildProcess
  out(): string
  err(): string
  /** its exit code once its output is closed */
  closed: Promise<number | null>
}

/**
 * Root reads and writes past a file's mode (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so a test run as
 * root (CI's container) could not meet a mode 000 file or a 0555 folder: setpriv (util-linux) starts
 * rekap without those two, and the modes bind it as they bind a user. A user's test needs nothing.
 */
const MODES_BIND = process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-all'] : []

/** Starts one real `rekap` process (bin/rekap.mjs), English texts unless the test says otherwise; no key, no REKAP_DB. */
export function startRekap(args: string[], env: NodeJS.ProcessEnv = {}, o: { modesBind?: boolean } = {}): StartedRekap {
  const [command, ...prefix] = o.modesBind && MODES_BIND.length ? [...MODES_BIND, process.execPath] : [process.execPath]
  const child = spawn(command, [...prefix, 'bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en', ...env },
  })
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (err += s))
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve))
  return { child, out: () => out, err: () => err, closed }
}

/** One real `rekap` process run to its end; `modesBind`: file modes refuse it even when the test runs as root. */
export async function rekap(args: string[], env: NodeJS.ProcessEnv = {}, o: { modesBind?: boolean } = {}): Promise<RekapRun> {
  const r = startRekap(args, env, o)
  const code = await r.closed
  return { code, out: r.out(), err: r.err() }
}

/** A real `rekap` process read as a terminal shows it: stdout and stderr in one text. */
export interface MergedRekap {
  pid: number
  out(): string
  /** at its exit (not when its pipes close): a killed run's output so far is what a test reads */
  done: Promise<{ code: number | null; out: string }>
  /** SIGKILL, as a crash or `kill -9` would */
  kill(): void
}

/** Starts one real `rekap` process with its two streams read as one; English texts, no key. */
export function startRekapMerged(args: string[]): MergedRekap {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'en' },
  })
  let out = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out += s))
  const done = new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out })))
  return { pid: child.pid!, out: () => out, done, kill: () => child.kill('SIGKILL') }
}

/** One real `rekap` process run to its exit, its two streams read as one. */
export function rekapMerged(args: string[]): Promise<{ code: number | null; out: string }> {
  return startRekapMerged(args).done
}

/**
 * Starts `rekap run …` on the data file `db` and kills it (SIGKILL, as `kill -9` would) the moment
 * the store says `when` of its job's rows (read as a second terminal would); gives the job's id.
 */
export async function killRunWhen(args: string[], db: string, when: (c: RowCounts) => boolean): Promise<{ jobId: string; out: string }> {
  const run = startRekap([...args, '--db', db])
  let jobId = ''
  const until = Date.now() + 120_000
  for (;;) {
    if (Date.now() > until || run.child.exitCode !== null) throw new Error(`the run did not get that far:\n${run.out()}${run.err()}`)
    jobId ||= /^job (\w+)$/m.exec(run.out())?.[1] ?? ''
    if (jobId) {
      const s = openStore(db)
      const c = s.rows.counts(jobId)
      s.close()
      if (when(c)) break
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  run.child.kill('SIGKILL')
  await run.closed
  return { jobId, out: run.out() }
}

/**
 * Stops `child` (SIGSTOP) the moment its first line is written and gives that line: what the
 * process had done by then is read without racing it (no clock). The caller resumes or kills it.
 */
export function stopAtFirstLine(child: ChildProcess): Promise<string> {
  let out = ''
  return new Promise<string>((done) => {
    child.stdout!.setEncoding('utf8').on('data', (s: string) => {
      out += s
      if (out.includes('\n') && !child.killed) {
        child.kill('SIGSTOP')
        done(out.split('\n')[0])
      }
    })
  })
}

/**
 * Node options that make a rekap process kill itself (SIGKILL, as a crash or `kill -9` would) the
 * moment its first line is written (`job <id>` for `rekap run`): nothing after that line runs, at
 * any load, unlike a kill sent by the test after it has read the line.
 */
export function dieAtFirstLine(dir: string): string[] {
  const probe = join(dir, 'die-at-first-line.mjs')
  writeFileSync(
    probe,
    `const write = process.stdout.write.bind(process.stdout)
process.stdout.write = (chunk, ...rest) => {
  const ok = write(chunk, ...rest)
  // a pipe's write is synchronous on Linux: the line has left when this runs
  if (String(chunk).includes('\\n')) process.kill(process.pid, 'SIGKILL')
  return ok
}
`,
  )
  return ['--import', probe]
}
