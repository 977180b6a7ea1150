import { Help, type Argument, type Command, type HelpConfiguration, type Option } from 'commander'
import type { HelpTexts } from './messages/help-id'

/**
 * `--help` in the user's language. The commands declare flags only; their descriptions and
 * commander's own words (headings, "display help for command", "choices:", "default:") come
 * from the message tables (messages/help-{id,en}.ts), put on commander's objects here.
 */

/** The words commander adds after a description: "(choices: …, default: …)". */
function extras(h: HelpTexts, x: { argChoices?: string[]; defaultValue?: unknown; defaultValueDescription?: string }, showDefault: boolean): string[] {
  const out: string[] = []
  if (x.argChoices) out.push(h.choices(x.argChoices.map((c) => JSON.stringify(c)).join(', ')))
  if (x.defaultValue !== undefined && showDefault) out.push(h.defaultIs(x.defaultValueDescription || JSON.stringify(x.defaultValue)))
  return out
}

const withExtras = (description: string, extra: string[]): string =>
  extra.length ? (description ? `${description} (${extra.join(', ')})` : `(${extra.join(', ')})`) : description

function rootOf(cmd: Command): Command {
  let root = cmd
  while (root.parent) root = root.parent
  return root
}

/** commander's help layout with localized headings and extras (set before the subcommands are added: they inherit it). */
export function helpConfiguration(h: HelpTexts): HelpConfiguration {
  // "[options]" and "[command]" in usage lines, as the reader's words
  const placeholders = (s: string): string => s.replace(/\[options\]|\[command\]/g, (w) => h.placeholders[w as keyof HelpTexts['placeholders']])
  return {
    showGlobalOptions: true,
    styleTitle: (title: string) => h.titles[title as keyof HelpTexts['titles']] ?? title,
    styleUsage: (usage: string) => Help.prototype.styleUsage.call(new Help(), placeholders(usage)),
    // "Global Options" are the program's (every command takes them), not a parent's own flags: `jobs delete` takes no `--prune`
    visibleGlobalOptions: (cmd: Command) => (cmd.parent ? rootOf(cmd).options.filter((o) => !o.hidden) : []),
    subcommandTerm: (cmd: Command) => placeholders(Help.prototype.subcommandTerm.call(new Help(), cmd)),
    // as commander's own rule: a default is shown for options that take a value (and boolean defaults)
    optionDescription: (o: Option) =>
      withExtras(o.description, extras(h, o, o.required || o.optional || (o.isBoolean() && typeof o.defaultValue === 'boolean'))),
    argumentDescription: (a: Argument) => withExtras(a.description, extras(h, a, true)),
  }
}

/** The table key of a command: its path below the program ("directory export"), "rekap" for the program. */
function pathOf(cmd: Command): string {
  const names: string[] = []
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name())
  return names.join(' ')
}

/**
 * Puts the descriptions of `h` on every command, option and argument of `program`, and the help
 * option's and help command's. Returns the keys `h` lacks (a test keeps this empty in both languages).
 */
export function localizeHelp(program: Command, h: HelpTexts): string[] {
  const missing: string[] = []
  const look = (path: string, key: string): string | undefined => (path ? h.texts[`${path} ${key}`] : undefined) ?? h.texts[key]
  const walk = (cmd: Command): void => {
    const path = pathOf(cmd)
    const own = h.texts[path || 'rekap']
    if (own === undefined) missing.push(path || 'rekap')
    else cmd.description(own)
    for (const a of cmd.registeredArguments) {
      const d = look(path, `<${a.name()}>`)
      if (d === undefined) missing.push(`${path} <${a.name()}>`)
      else a.description = d
    }
    for (const o of cmd.options) {
      const key = o.long ?? o.flags
      const d = look(path, key)
      if (d === undefined) missing.push(`${path} ${key}`.trim())
      else o.description = d
    }
    cmd.helpOption('-h, --help', h.help)
    if (cmd.commands.length) cmd.helpCommand('help [command]', h.help)
    for (const sub of cmd.commands) walk(sub)
  }
  walk(program)
  return missing
}
