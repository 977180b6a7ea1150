/**
 * Values only a command can check (a port, a time zone, a month, filter values, the embedded
 * sandbox's numbers): a wrong one ends the real `rekap` with the usage exit code (2), before
 * anything starts, and one line naming the flag in the user's language, never a stack trace.
 * (Values the parser checks are covered flag by flag in tests/unit/cli-help-truth.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir } from '../helpers/temp-dir'

const tmp = makeTempDir('rekap-usage-')
afterAll(() => tmp.cleanup())
const db = join(tmp.dir, 'rekap.db')
const out = join(tmp.dir, 'out.xlsx')
// `rekap ui` serves this empty folder instead of building the renderer: a refused flag must come first
const noRenderer = join(tmp.dir, 'renderer')
mkdirSync(noRenderer)

/** [the flag the message must name, the command line] */
const WRONG: Array<[string, string[]]> = [
  ['--nope', ['run', 'x.xlsx', '--nope']],
  ['--budget', ['run', 'x.xlsx', '--budget']],
  ['<rp>', ['team', 'budget', 'abc']],
  ['--port', ['sandbox', '--port', 'abc']],
  ['--port', ['sandbox', '--port', '99999']],
  ['--latency', ['sandbox', '--latency', 'abc']],
  ['--fail-rate', ['sandbox', '--fail-rate', '5']],
  ['--seed', ['sandbox', '--seed', 'abc']],
  ['--balance', ['sandbox', '--balance', 'abc']],
  ['--monthly-quota', ['sandbox', '--monthly-quota', 'abc']],
  ['--hospital-plan', ['sandbox', '--hospital-plan', 'gold']],
  ['--port', ['ui', '--no-open', '--port', 'abc']],
  ['--sandbox-balance', ['ui', '--no-open', '--sandbox-balance', 'abc']],
  ['--sandbox-latency', ['ui', '--no-open', '--sandbox-latency', 'abc']],
  ['--older-than', ['jobs', '--prune', '--older-than', 'xyz']],
  ['--older-than', ['jobs', '--older-than', '90d', '--db', db]],
  ['--yes', ['jobs', '--yes', '--db', db]],
  // prune prints what it deleted as lines: --json was taken and ignored
  ['--json', ['jobs', '--prune', '--older-than', '90d', '--json', '--yes', '--db', db]],
  ['--month', ['team', 'report', '--month', '2026-13', '--out', out]],
  ['--tz', ['preset', 'save', 'p', '--tz', 'Foo/Bar', '--db', db]],
  ['--tz', ['directory', 'export', '--kind', 'hospitals', '--out', out, '--tz', 'Foo/Bar', '--db', db]],
  ['--province', ['directory', 'export', '--kind', 'hospitals', '--out', out, '--province', '5x', '--db', db]],
  ['--class', ['directory', 'export', '--kind', 'hospitals', '--out', out, '--class', 'E', '--db', db]],
  ['--map', ['run', 'examples/kyc/kyc-sample.xlsx', '--map', 'nope', '--dry-run', '--db', db]],
  ['--base-url', ['run', 'examples/kyc/kyc-sample.xlsx', '--base-url', 'notaurl', '--dry-run', '--db', db]],
]

describe('a wrong value ends rekap with exit 2 and one line naming the flag', () => {
  it('in Indonesian and in English, before anything starts', async () => {
    // the data file directory export and preset save need (preset save creates it)
    expect((await rekap(['preset', 'save', 'ada', '--db', db])).code).toBe(0)
    const problems: string[] = []
    for (const [flag, args] of WRONG) {
      const env = { REKAP_RENDERER_DIR: noRenderer }
      const said = { id: await rekap(args, { ...env, REKAP_LANG: 'id' }), en: await rekap(args, { ...env, REKAP_LANG: 'en' }) }
      const what = `rekap ${args.join(' ')}`
      for (const [lang, r] of Object.entries(said)) {
        if (r.code !== 2) problems.push(`${what} (${lang}): exit ${r.code}: ${r.err}`)
        if (!r.err.includes(flag)) problems.push(`${what} (${lang}): "${r.err.trim()}" does not name ${flag}`)
        if (/\n\s+at \S/.test(r.err)) problems.push(`${what} (${lang}): a stack trace`)
        if (r.out !== '') problems.push(`${what} (${lang}): started: ${r.out}`)
      }
      if (said.id.err === said.en.err) problems.push(`${what}: the same words in both languages: ${said.id.err}`)
    }
    expect(problems).toEqual([])
  }, 240_000)
})
