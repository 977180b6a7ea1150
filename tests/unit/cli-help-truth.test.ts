/**
 * What `rekap --help` says is what the parser does (both languages): the flags each command's
 * help lists are the ones it accepts, a flag a help text names exists where it says, an example
 * value a help text gives is one the parser takes; and wrong usage is one line naming the flag in
 * the user's language. Everything is read from the parser's own objects (tests/helpers/cli-tree).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { CommanderError, type Argument, type Option } from 'commander'
import { commandNodes, flagOf, parseOnly, programIn, resetCliLanguage, type CliNode } from '../helpers/cli-tree'
import { CLI_LANGS, messagesFor, type CliLang } from '../../src-main/cli/cli-language'
import { usageReason } from '../../src-main/cli/usage-error'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/temp-dir'

// programIn sets the CLI's language for the process; the next file this worker runs starts without it
afterAll(resetCliLanguage)

/** The flags of the Options and Global Options sections of a help page. */
function helpFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z][\w-]*)/gm)].map((m) => m[1])
}

const mentionedFlags = (text: string): string[] => text.match(/(?<![\w-])--[a-z][a-z0-9-]*/g) ?? []

/** Values a description offers as examples: "misalnya 0.45,0.55", "e.g. schools=9500", "mis. 20000 atau Rp20.000". */
function examplesIn(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/(?:misalnya|mis\.|e\.g\.|contoh:)\s+([^);]+)/g)) {
    for (const alt of m[1].split(/\s+(?:atau|or)\s+|,\s+/)) {
      const v = alt.trim().split(/\s+/)[0]
      if (v && !v.startsWith('-')) out.push(v.replace(/\.$/, ''))
    }
  }
  return out
}

/** Each flag a command's texts name must be one it (or the program) accepts, or one of the `rekap X` it names. */
function wrongMentions(node: CliNode, all: CliNode[]): string[] {
  const texts = [node.cmd.description(), ...node.cmd.options.map((o) => o.description), ...node.cmd.registeredArguments.map((a) => a.description)]
  const bad: string[] = []
  for (const text of texts) {
    const named = [...text.matchAll(/rekap ((?:[a-z-]+ ?)+)/g)].map((m) => m[1].trim())
    const elsewhere = all.filter((n) => named.some((w) => w === n.path || w.startsWith(n.path + ' ')))
    for (const f of mentionedFlags(text)) {
      if (f === '--help' || node.flags.has(f) || elsewhere.some((n) => n.flags.has(f))) continue
      bad.push(`rekap ${node.path}: its help names ${f}, which it does not accept: "${text}"`)
    }
  }
  return bad
}

/** Example values a description gives that its own parser refuses. */
function refusedExamples(node: CliNode): string[] {
  const bad: string[] = []
  const parsed: Array<Option | Argument> = [...node.cmd.options, ...node.cmd.registeredArguments]
  for (const o of parsed) {
    if (!o.parseArg) continue
    for (const v of examplesIn(o.description)) {
      try {
        o.parseArg(v, undefined as never)
      } catch {
        bad.push(`rekap ${node.path}: "${o.description}" gives ${v}, which the parser refuses`)
      }
    }
  }
  return bad
}

/** The CLI's message tables without their comments: the words rekap prints. */
function messageTexts(): string {
  const dir = join(REPO_ROOT, 'src-main/cli/messages')
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))
    .join('\n')
}

describe('rekap --help lists what the parser accepts', () => {
  it('a flag any message names is one some command accepts', () => {
    const accepted = new Set(['--help', ...commandNodes(programIn('en')).flatMap((n) => [...n.flags.keys()])])
    const named = mentionedFlags(messageTexts())
    expect(named.length).toBeGreaterThan(20)
    expect(named.filter((f) => !accepted.has(f))).toEqual([])
  })

  it('each help page lists exactly its command\'s flags, the same in Indonesian and English', () => {
    const listed: Record<CliLang, Map<string, string[]>> = { id: new Map(), en: new Map() }
    for (const lang of CLI_LANGS) {
      for (const node of commandNodes(programIn(lang))) {
        const flags = helpFlags(node.cmd.helpInformation())
        listed[lang].set(node.path, flags.sort())
        expect(flags, `${lang}: rekap ${node.path} --help`).toEqual([...node.flags.keys(), '--help'].sort())
      }
    }
    expect(Object.fromEntries(listed.id)).toEqual(Object.fromEntries(listed.en))
  })

  it('a flag a help text names is one that command accepts', () => {
    for (const lang of CLI_LANGS) {
      const nodes = commandNodes(programIn(lang))
      expect(nodes.flatMap((n) => wrongMentions(n, nodes)), lang).toEqual([])
    }
  })

  it('an example value a help text gives is one the parser accepts', () => {
    for (const lang of CLI_LANGS) {
      expect(commandNodes(programIn(lang)).flatMap(refusedExamples), lang).toEqual([])
    }
  })
})

/** The one line main() prints for `args` (parsed only, no command runs), or null when parsing succeeds. */
async function usageLine(lang: CliLang, args: string[]): Promise<{ code: string; line: string } | null> {
  const program = parseOnly(programIn(lang))
  try {
    await program.parseAsync(args, { from: 'user' })
    return null
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err
    return { code: err.code, line: usageReason(err, messagesFor(lang)) }
  }
}

/** A command line that parses: its arguments and mandatory options filled in with values that pass. */
function validArgs(node: CliNode): string[] {
  const args = [...node.path.split(' '), ...node.cmd.registeredArguments.filter((a) => a.required).map(() => '1')]
  for (const o of node.cmd.options) if (o.mandatory) args.push(flagOf(o), o.argChoices?.[0] ?? '1')
  return args
}

const BAD_VALUES = ['zz', '-5', '0', '1.5,9', 'x=1']

describe('wrong usage is one line naming the flag, in the user\'s language', () => {
  it('an unknown flag, a missing value and a refused value, on every command', async () => {
    const problems: string[] = []
    const check = async (what: string, args: string[], code: string, names: string): Promise<void> => {
      const said = { id: await usageLine('id', args), en: await usageLine('en', args) }
      if (!said.id || !said.en) return void problems.push(`${what}: accepted (${args.join(' ')})`)
      if (said.id.code !== code) problems.push(`${what}: ${said.id.code}, not ${code}`)
      for (const lang of CLI_LANGS) if (!said[lang]!.line.includes(names)) problems.push(`${what} (${lang}): "${said[lang]!.line}" does not name ${names}`)
      if (said.id.line === said.en.line) problems.push(`${what}: the same words in both languages: "${said.id.line}"`)
    }
    for (const node of commandNodes(programIn('en'))) {
      const base = validArgs(node)
      expect(await usageLine('en', base), `rekap ${base.join(' ')}`).toBeNull()
      await check(`rekap ${node.path} --no-such-flag`, [...base, '--no-such-flag'], 'commander.unknownOption', '--no-such-flag')
      for (const o of node.cmd.options.filter((x) => x.required)) {
        const f = flagOf(o)
        await check(`rekap ${node.path} ${f} (no value)`, [...base, f], 'commander.optionMissingArgument', f)
        for (const v of BAD_VALUES) {
          if (!o.parseArg || (await usageLine('en', [...base, f, v])) === null) continue
          await check(`rekap ${node.path} ${f} ${v}`, [...base, f, v], 'commander.invalidArgument', f)
          break
        }
      }
      // a parent's own flag (`jobs --prune`) is not this command's: its help does not list it, the parser refuses it
      for (const o of node.cmd.parent?.parent ? node.cmd.parent.options : []) {
        const f = flagOf(o)
        if (node.flags.has(f)) continue
        await check(`rekap ${node.path} ${f} (its parent's)`, [...base, f, ...(o.required ? ['1'] : [])], 'commander.unknownOption', f)
      }
      for (const [i, a] of node.cmd.registeredArguments.entries()) {
        if (!a.parseArg) continue
        const args = [...base]
        args[node.path.split(' ').length + i] = 'zz'
        await check(`rekap ${node.path} <${a.name()}> zz`, args, 'commander.invalidArgument', `<${a.name()}>`)
      }
    }
    expect(problems).toEqual([])
  }, 60_000)
})
