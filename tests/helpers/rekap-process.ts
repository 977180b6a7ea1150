import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './temp-dir'

export interface RekapRun {
  code: number | null
  out: string
  err: string
}

/** One real `rekap` process (bin/rekap.mjs), English texts unless the test says otherwise; no key, no REKAP_DB. */
export function rekap(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RekapRun> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en', ...env },
  })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
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
