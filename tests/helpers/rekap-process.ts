import { spawn } from 'node:child_process'
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
