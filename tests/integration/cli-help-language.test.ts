/**
 * `--help` in the user's language: Indonesian by default, English with REKAP_LANG=en. The
 * descriptions of commands, options and arguments and commander's own headings come from the
 * message tables (messages/help-{id,en}.ts); every command, option and argument has its words.
 */
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { buildProgram } from '../../src-main/cli/main'
import { messagesFor } from '../../src-main/cli/cli-language'
import { REPO_ROOT } from '../helpers/temp-dir'

function rekap(args: string[], lang: 'id' | 'en'): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'C.UTF-8' }
  delete env.LC_ALL
  delete env.LC_MESSAGES
  if (lang === 'en') env.REKAP_LANG = 'en'
  else delete env.REKAP_LANG
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })))
}

/** Help lines without flags, placeholders and examples: the words a person reads. */
const prose = (help: string): string =>
  help
    .replace(/--?[a-z][\w-]*|<[^>]+>|\[[^\]]+\]|"[^"]*"|\b[A-Z_]{3,}\b/g, ' ')
    .replace(/\b(rekap|face-match|hospital-directory|school-directory|approve|reject|retake|skip|flag|free|starter|pro|business|standard|premium|hospitals|schools|regional|sandbox|loopback|jitter|schools\/search|accreditation\/lang\/long|hospitals\.csv|schools\.csv\.gz)\b/g, ' ')

/** Words only an English description has. */
const ENGLISH = /\b(the|of|and|to|for|with|from|display|help for|Usage|Options|Commands|Arguments|choices|default)\b/

describe('rekap --help in the user language', () => {
  it('Indonesian by default: program and `run`, headings and descriptions', async () => {
    const top = await rekap(['--help'], 'id')
    expect(top.code).toBe(0)
    expect(top.out).toMatch(/^Pemakaian: rekap \[opsi\] \[perintah\]/)
    expect(top.out).toContain('\nOpsi:\n')
    expect(top.out).toContain('\nPerintah:\n')
    expect(top.out).toMatch(/-h, --help\s+tampilkan bantuan untuk perintah/)
    expect(top.out).toMatch(/run \[opsi\] <file>\s+Menjalankan spreadsheet lewat layanan/)
    expect(prose(top.out)).not.toMatch(ENGLISH)

    const run = await rekap(['run', '--help'], 'id')
    expect(run.code).toBe(0)
    expect(run.out).toMatch(/^Pemakaian: rekap run \[opsi\] <file>/)
    expect(run.out).toContain('\nArgumen:\n')
    expect(run.out).toMatch(/--budget <rp>\s+jangan pernah memakai lebih dari sekian Rupiah/)
    expect(run.out).toMatch(/--reuse-days <n>\s+pakai ulang pasangan wajah .*\(bawaan: 30\)/s)
    expect(run.out).toMatch(/--kind <kind>\s+jenis pekerjaan .*\(pilihan: "face-match",/s)
    expect(run.out).toContain('\nOpsi umum:\n')
    expect(prose(run.out)).not.toMatch(ENGLISH)
  }, 60_000)

  it('English with REKAP_LANG=en', async () => {
    const top = await rekap(['--help'], 'en')
    expect(top.out).toMatch(/^Usage: rekap \[options\] \[command\]/)
    expect(top.out).toMatch(/-h, --help\s+display help for command/)
    expect(top.out).toMatch(/run \[options\] <file>\s+Run a spreadsheet through the service/)
    const run = await rekap(['run', '--help'], 'en')
    expect(run.out).toMatch(/--budget <rp>\s+never spend more than this many Rupiah/)
    expect(run.out).toMatch(/--reuse-days <n>\s+reuse a face pair .*\(default: 30\)/s)
    expect(run.out).toContain('\nGlobal Options:\n')
  }, 60_000)

  it('every command, option and argument has its words in both tables', async () => {
    const { localizeHelp } = await import('../../src-main/cli/help-language')
    for (const lang of ['id', 'en'] as const) {
      expect(localizeHelp(buildProgram(), messagesFor(lang).help), lang).toEqual([])
    }
    // and the two tables have the same keys (none is said in one language only)
    expect(Object.keys(messagesFor('id').help.texts).sort()).toEqual(Object.keys(messagesFor('en').help.texts).sort())
  })
})
