/**
 * The sandbox's own option checks (a negative balance, a fail rate above 1, a non-loopback host…)
 * were said in English even to an Indonesian CLI. They are core texts now: the real `rekap sandbox`
 * refuses them in the CLI's language, naming the flag, with exit 2 and without listening.
 */
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { REPO_ROOT } from '../helpers/sandbox-process'

interface Run {
  code: number | null
  out: string
  err: string
}

function sandbox(args: string[], lang: 'id' | 'en'): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, REKAP_LANG: lang, REKAP_SANDBOX_KEYS: '' }
  const child = spawn(process.execPath, ['bin/rekap.mjs', 'sandbox', '--port', '0', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  // a check that no longer refuses would serve forever: stop it once it says it listens
  child.stdout.on('data', () => {
    if (out.includes('listening on')) child.kill('SIGTERM')
  })
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

const CASES: { args: string[]; id: RegExp; en: RegExp }[] = [
  { args: ['--balance', '-5'], id: /--balance harus bilangan bulat poin >= 0/, en: /--balance must be a whole number of points >= 0/ },
  { args: ['--fail-rate', '2'], id: /--fail-rate harus antara 0 dan 1/, en: /--fail-rate must be between 0 and 1/ },
  { args: ['--host', '0.0.0.0'], id: /--host 0\.0\.0\.0 bukan alamat loopback.*--allow-remote/, en: /--host 0\.0\.0\.0 is not a loopback address.*--allow-remote/ },
]

describe('rekap sandbox says its refused options in the CLI language', () => {
  for (const c of CASES) {
    it(`${c.args.join(' ')}: Indonesian and English`, async () => {
      const [id, en] = await Promise.all([sandbox(c.args, 'id'), sandbox(c.args, 'en')])
      expect(id.code, id.out + id.err).toBe(2)
      expect(id.out).not.toContain('listening on')
      expect(id.err).toMatch(c.id)
      expect(id.err).not.toMatch(/\b(must|is not|between)\b/)
      expect(en.code, en.out + en.err).toBe(2)
      expect(en.err).toMatch(c.en)
    }, 60_000)
  }
})
