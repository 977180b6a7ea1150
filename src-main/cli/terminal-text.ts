/**
 * Text from a workbook or the service reaches the terminal through the CLI's lines (pre-flight,
 * errors, review lists, progress). A raw ESC in a CSV cell could erase a line, move the cursor,
 * fake a "plan: … Rp0" line before the user confirms spending, or write the clipboard (OSC 52).
 * So every control character the CLI did not put there itself is shown as a visible escape:
 * C0 controls but line feed and tab, DEL, C1 controls, and the bidirectional overrides that
 * reorder what is shown. One function, installed once on stdout and stderr (`guardTerminal`).
 */

// C0 but \t \n, DEL, C1, and the bidi embeddings/overrides/isolates (LRE…RLO, LRI…PDI)
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

export function terminalText(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0)
    return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`
  })
}

type Write = NodeJS.WriteStream['write']

/**
 * Every string written to the stream goes through terminalText (bytes, e.g. a file streamed to
 * stdout, pass untouched). `--json` is unaffected: JSON.stringify already escapes controls.
 */
export function guardTerminal(stream: NodeJS.WriteStream): void {
  const original = stream.write.bind(stream) as (...args: unknown[]) => boolean
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    original(typeof chunk === 'string' ? terminalText(chunk) : chunk, ...rest)) as Write
}
