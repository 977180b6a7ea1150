/**
 * Issue 24 item 1: `rekap ui` opens its one-time sign-in link without putting it on any command
 * line. Another user of the machine (a real second uid, made here) scans every /proc/PID/cmdline
 * while the opener runs, and tries to read whatever file the opener was given; neither yields the
 * link. The opener is a stand-in `xdg-open` first on PATH (the one rekap ui starts), which holds
 * still until the scan is done, so the scan cannot miss it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { fakeRenderer } from './helpers'

const PROBE_USER = 'rekapprobe'
const isRoot = process.getuid?.() === 0
let tmp: ReturnType<typeof makeTempDir>
let madeUser = false

beforeAll(() => {
  tmp = makeTempDir('rekap-sec-link-')
  if (!isRoot) return
  if (spawnSync('id', ['-u', PROBE_USER]).status !== 0) {
    const r = spawnSync('useradd', ['--no-create-home', '--shell', '/bin/sh', PROBE_USER], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`useradd failed: ${r.stderr}`)
    madeUser = true
  }
})
afterAll(() => {
  if (madeUser) spawnSync('userdel', [PROBE_USER])
  tmp?.cleanup()
})

/** What another user sees: every process's command line, and the opener's arguments read as files. */
function probeAsOtherUser(argFile: string): { cmdlines: string; readArgs: string; uid: string } {
  const script =
    'id -u; echo ---; for f in /proc/[0-9]*/cmdline; do tr "\\000" " " < "$f" 2>/dev/null; echo; done; echo ---; ' +
    'for a in $(cat "$1"); do cat "$a" 2>&1; done'
  const r = spawnSync('runuser', ['-u', PROBE_USER, '--', 'sh', '-c', script, 'probe', argFile], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const [uid, cmdlines, readArgs] = r.stdout.split('---\n')
  return { uid: uid.trim(), cmdlines, readArgs: (readArgs ?? '') + r.stderr }
}

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('the sign-in link of rekap ui', () => {
  it('is on no command line another user can read while the browser opens it', async () => {
    // the probe reads /proc as another user (runuser): it needs root, as CI has; never skipped silently
    expect(isRoot, 'run the suite as root (as .ci/run does): the probe runs as another local user').toBe(true)
    const bin = join(tmp.dir, 'bin')
    mkdirSync(bin, { recursive: true })
    const argsFile = join(tmp.dir, 'opener-args.txt')
    const release = join(tmp.dir, 'release')
    // the opener records its arguments (world-readable, so the probe can try them) and waits
    writeFileSync(
      join(bin, 'xdg-open'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > "${argsFile}.tmp"; chmod 644 "${argsFile}.tmp"; mv "${argsFile}.tmp" "${argsFile}"\n` +
        `n=0; while [ ! -e "${release}" ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done\n`,
    )
    chmodSync(join(bin, 'xdg-open'), 0o755)
    chmodSync(tmp.dir, 0o755)
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'rekap.mjs'), 'ui', '--port', '0', '--db', join(tmp.dir, 'data', 'rekap.db')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        BROWSER: join(bin, 'xdg-open'),
        REKAP_API_KEY: '',
        REKAP_DB: '',
        REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')),
        REKAP_DATA_DIR: join(tmp.dir, 'data'),
      },
    })
    let output = ''
    child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s))
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    try {
      await until(() => /rekap ui at \S+/.test(output) && existsSync(argsFile), 'rekap ui to start its opener')
      const url = /rekap ui at (\S+)/.exec(output)![1]
      const token = new URL(url).searchParams.get('token')!
      const seen = probeAsOtherUser(argsFile)
      expect(seen.uid).not.toBe('0')
      expect(seen.cmdlines).toContain(join(bin, 'xdg-open')) // the probe does see the opener running
      expect(seen.cmdlines).not.toContain(token)
      expect(seen.readArgs).not.toContain(token) // and cannot read what it was given
      // the opener, as the user, does reach the link from what it was given
      const given = readFileSync(argsFile, 'utf8').trim().split('\n')
      const reached = given.map((a) => (a.startsWith('http') ? a : existsSync(a) ? readFileSync(a, 'utf8') : '')).join('\n')
      expect(reached).toContain(url)
    } finally {
      writeFileSync(release, '')
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    }
  }, 120_000)
})
