import type { Command } from 'commander'

/**
 * The command being run, kept by main.ts before its action, so the engine a command opens knows
 * whether it works in a team (--team is a global option). A leaf: main.ts loads no driver for it.
 */
let current: Command | null = null

export function rememberCommand(cmd: Command): void {
  current = cmd
}

export function currentCommand(): Command | null {
  return current
}

/** Does the running command work in a team (--team or REKAP_TEAM)? Cheap: reads options only. */
export function inTeam(env: NodeJS.ProcessEnv = process.env): boolean {
  const o = current?.optsWithGlobals() as { team?: string } | undefined
  return Boolean(o?.team ?? env.REKAP_TEAM)
}
