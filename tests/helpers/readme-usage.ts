/**
 * What the README says a `rekap` command line looks like: the command tables' synopses
 * (`rekap run <file> [--kind K] …`), every other `rekap …` code span, and `rekap` lines of the
 * fenced examples, each taken apart into command words, flags with their values, and arguments.
 */

export interface Usage {
  /** the README text it comes from (for the test's message) */
  source: string
  /** words after `rekap` before the first flag or placeholder: ["preset", "save|list"] */
  words: string[]
  flags: Array<{ flag: string; value?: string }>
  /** the other plain words and placeholders (<file>, NAME, laporan.xlsx) */
  args: string[]
  /** from a command table (a synopsis: arguments are counted) or prose (only flags are checked) */
  table: boolean
  /** the description cell's flags (`--verbose` logs …), for table rows */
  mentioned: string[]
}

const unescape = (s: string): string => s.replace(/\\\|/g, '|')

/** `[--kind K] [--map field=Header]…` -> tokens, brackets and repeat marks gone, a lone `…` kept (a value). */
function tokens(synopsis: string): string[] {
  const cut = synopsis.split(/\s(?:\||#|&&|;)\s/)[0]
  return cut
    .replace(/[[\]]/g, ' ')
    .split(/\s+/)
    .map((t) => (t.length > 1 ? t.replace(/…$/, '').replace(/,$/, '') : t))
    .filter((t) => t !== '' && t !== '·')
}

/** One `rekap …` line (without `rekap`) taken apart. */
export function usageOf(line: string, source: string, table: boolean, mentioned: string[] = []): Usage {
  const u: Usage = { source, words: [], flags: [], args: [], table, mentioned }
  const ts = tokens(line)
  let seenFlagOrArg = false
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]
    if (t.startsWith('--')) {
      seenFlagOrArg = true
      const [flag, inline] = t.split('=', 2)
      const next = ts[i + 1]
      if (inline !== undefined) u.flags.push({ flag, value: inline })
      else if (next !== undefined && !next.startsWith('-')) u.flags.push({ flag, value: ts[++i] })
      else u.flags.push({ flag })
    } else if (!seenFlagOrArg && /^[a-z][a-z|-]*$/.test(t)) u.words.push(t)
    else {
      seenFlagOrArg = true
      u.args.push(t)
    }
  }
  return u
}

const spans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => unescape(m[1]))
const flagsIn = (text: string): string[] => spans(text).flatMap((s) => s.match(/(?<![\w-])--[a-z][a-z0-9-]*/g) ?? [])

/** Every command line the README shows. */
export function readmeUsages(readme: string): Usage[] {
  const out: Usage[] = []
  let fenced = false
  for (const raw of readme.split('\n')) {
    if (raw.startsWith('```')) {
      fenced = !fenced
      continue
    }
    if (fenced) {
      const m = /(?:^|&&\s*)(?:npx\s+)?rekap\s+(.*)$/.exec(raw.trim())
      if (m) out.push(usageOf(m[1], raw.trim(), false))
      continue
    }
    const cells = raw.startsWith('|') ? raw.split(/(?<!\\)\|/).slice(1, -1) : []
    const tableRow = cells.length >= 2 && /`rekap /.test(cells[0])
    for (const s of spans(raw)) {
      if (!s.startsWith('rekap ')) continue
      const inFirstCell = tableRow && spans(cells[0]).map((x) => x).includes(s)
      out.push(usageOf(s.slice('rekap '.length), s, inFirstCell, inFirstCell ? flagsIn(cells.slice(1).join('|')) : []))
    }
  }
  return out
}

/** Table rows of flags alone: "`--record-json F` · `--junit F` (on `run`, `resume`, `retry-failed`)". */
export function readmeFlagRows(readme: string): Array<{ source: string; flags: Usage['flags']; commands: string[] }> {
  const out: Array<{ source: string; flags: Usage['flags']; commands: string[] }> = []
  for (const raw of readme.split('\n')) {
    if (!raw.startsWith('| `--')) continue
    const first = raw.split(/(?<!\\)\|/)[1]
    const on = /\(on ([^)]*)\)/.exec(first)
    if (!on) continue
    const flags = spans(first.slice(0, on.index)).flatMap((s) => usageOf(s, s, false).flags)
    out.push({ source: first.trim(), flags, commands: spans(on[1]) })
  }
  return out
}
