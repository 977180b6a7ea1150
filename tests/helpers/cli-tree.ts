/**
 * The `rekap` parser as data, read from commander's own objects (buildProgram()): every command
 * path, the flags it accepts (its own and the program's global ones) and its arguments. The help
 * and README checks compare against this, so a flag added to a command is checked without a list.
 */
import type { Command, Option } from 'commander'
import { buildProgram } from '../../src-main/cli/main'
import { messagesFor, setCliLanguage, type CliLang } from '../../src-main/cli/cli-language'
import { localizeHelp } from '../../src-main/cli/help-language'

export interface CliNode {
  /** "run", "directory export", "team budget" */
  path: string
  cmd: Command
  /** long flag -> option: its own and the program's (global options work on every command; a parent's own are not its) */
  flags: Map<string, Option>
  leaf: boolean
}

export function flagOf(o: Option): string {
  return o.long ?? o.flags
}

/** The program with its help in `lang` (as main() builds it for a user of that language). */
export function programIn(lang: CliLang): Command {
  setCliLanguage(lang)
  const program = buildProgram()
  localizeHelp(program, messagesFor(lang).help)
  return program
}

/** Back to the environment's language, for a file's afterAll: its worker runs other files next (isolate: false). */
export function resetCliLanguage(): void {
  setCliLanguage(null)
}

export function commandNodes(program: Command): CliNode[] {
  const out: CliNode[] = []
  const global = new Map(program.options.map((o) => [flagOf(o), o] as const))
  const walk = (cmd: Command, path: string[]): void => {
    const flags = new Map(global)
    for (const o of cmd.options) flags.set(flagOf(o), o)
    if (path.length) out.push({ path: path.join(' '), cmd, flags, leaf: cmd.commands.length === 0 })
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()])
  }
  walk(program, [])
  return out
}

/** Replaces every action with one that does nothing: parsing runs, no command does. */
export function parseOnly(program: Command): Command {
  for (const node of commandNodes(program)) node.cmd.action(() => {})
  return program
}
