/** Exit codes of every rekap command (documented in the README). */
export const EXIT = {
  /** the job finished; failed rows are listed, not fatal */
  ok: 0,
  /** something unexpected */
  unexpected: 1,
  /** bad input or usage */
  usage: 2,
  /** the job is blocked (top-up, quota, auth) and can be resumed */
  blocked: 3,
} as const

/** An error that carries the exit code the CLI should end with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message)
  }
}
