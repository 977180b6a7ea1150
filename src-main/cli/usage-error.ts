import type { CliMessages } from './messages/id'

/** The part of a commander error rekap reads: its code and its (English) message. */
export interface UsageProblem {
  code: string
  message: string
}

const flagOf = (s: string): string => s.split(/[ ,]/).filter((p) => p.startsWith('-')).pop() ?? s

/**
 * A commander usage error as one line in the user's language. Commander only speaks English,
 * so its message is taken apart by its error code; an unknown shape keeps commander's text.
 */
export function usageReason(e: UsageProblem, m: CliMessages): string {
  const msg = e.message.replace(/^error:\s*/, '')
  const q = [...msg.matchAll(/'([^']*)'/g)].map((x) => x[1])
  const suggestion = /Did you mean (\S+?)\?/.exec(msg)?.[1]
  switch (e.code) {
    case 'commander.unknownOption':
      return m.usage.unknownOption(q[0] ?? msg, suggestion)
    case 'commander.unknownCommand':
      return m.usage.unknownCommand(q[0] ?? msg, suggestion)
    case 'commander.invalidArgument': {
      // "command-argument value 'abc' is invalid for argument 'rp'. <our parser's reason>": name <rp>, not commander's English
      const arg = /^command-argument value '[^']*' is invalid for argument '([^']*)'\.\s*(.*)$/.exec(msg)
      const argChoices = arg && /^Allowed choices are (.*)\.$/.exec(arg[2])?.[1]
      if (arg) return argChoices ? m.usage.badChoice(`<${arg[1]}>`, q[0] ?? '', argChoices) : m.usage.badValue(`<${arg[1]}>`, arg[2])
      // "option '--lang <lang>' argument 'fr' is invalid. Allowed choices are id, en." or our parser's reason
      const target = q[0] ? flagOf(q[0]) : ''
      const value = q[1] ?? ''
      const rest = msg.replace(/^.*? is invalid\.\s*/, '')
      const choices = /^Allowed choices are (.*)\.$/.exec(rest)?.[1]
      if (choices) return m.usage.badChoice(target, value, choices)
      return m.usage.badValue(target || value, rest)
    }
    case 'commander.missingArgument':
      return m.usage.missingArgument(q[0] ?? '')
    case 'commander.optionMissingArgument':
      return m.usage.optionMissingValue(flagOf(q[0] ?? ''))
    case 'commander.missingMandatoryOptionValue':
      return m.usage.requiredOption(flagOf(q[0] ?? ''))
    case 'commander.excessArguments': {
      // "too many arguments for 'review'. Expected 1 argument but got 3."
      const n = /Expected (\d+) arguments? but got (\d+)/.exec(msg)
      return n ? m.usage.tooManyArguments(Number(n[1]), Number(n[2])) : msg
    }
    case 'commander.conflictingOption':
      return m.usage.conflicting(msg)
    default:
      return msg
  }
}

/** A command and its subcommands, by name (commander's Command has this shape). */
export interface CommandNode {
  name(): string
  readonly commands: readonly CommandNode[]
}

/** "rekap directory export" when the user was running that, else "rekap": where --help says more. */
export function commandPathOf(argv: readonly string[], root: CommandNode): string {
  const path = ['rekap']
  let node = root
  for (const a of argv) {
    const sub = node.commands.find((c) => c.name() === a)
    if (!sub) continue
    path.push(a)
    node = sub
  }
  return path.join(' ')
}
