/**
 * Opens the sign-in link in the user's default browser without ever putting it on a command
 * line: argv is readable by every user of the machine (`ps`, /proc/PID/cmdline), and whoever
 * used the one-time link first would own the session. The link goes into a small HTML page that
 * redirects to it, written 0600 in a fresh 0700 folder; the opener (xdg-open, open, start) gets
 * that file's path, which tells another user nothing they can read.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** The redirect page: meta refresh, and a script for browsers that ignore it on file://. */
export function redirectPage(url: string): string {
  const attr = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return (
    '<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    `<meta http-equiv="refresh" content="0;url=${attr}"><title>rekap</title>` +
    `<script>location.replace(${JSON.stringify(url).replace(/</g, '\\u003c')})</script>` +
    `<a href="${attr}">rekap</a>\n`
  )
}

/** Writes the redirect page privately; returns its path and how to remove it. */
export function writeSignInPage(url: string, parent: string = tmpdir()): { file: string; remove(): void } {
  const dir = mkdtempSync(path.join(parent, 'rekap-ui-'))
  const file = path.join(dir, 'sign-in.html')
  writeFileSync(file, redirectPage(url), { mode: 0o600, flag: 'wx' })
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Opens the link through a private file; failing that, the printed line is enough. Returns the clean-up. */
export function openInBrowser(url: string): () => void {
  let page: { file: string; remove(): void }
  try {
    page = writeSignInPage(url)
  } catch {
    return () => {}
  }
  const [cmd, args] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '""', page.file]]
      : process.platform === 'darwin'
        ? ['open', [page.file]]
        : ['xdg-open', [page.file]]
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' })
    child.on('error', () => {})
    child.unref()
  } catch {
    // no opener on this machine: the user opens the printed link
  }
  return page.remove
}
