import type { Command } from 'commander'
import type { UiCommandFlags } from '../ui-command'

/** `rekap ui`: the desktop app's screens in your browser, served on this machine only. */
export function register(program: Command): void {
  program
    .command('ui')
    .option('--port <port>', '', '0')
    .option('--host <host>', '', '127.0.0.1')
    .option('--allow-remote')
    .option('--allow-host <name>', '', (v: string, p: string[]) => [...p, v], [])
    .option('--folder <dir>', '', (v: string, p: string[]) => [...p, v], [])
    .option('--base-url <url>')
    .option('--allow-outside-paths')
    .option('--tls-cert <file>')
    .option('--tls-key <file>')
    .option('--no-open')
    .option('--db <file>')
    .option('--sandbox-balance <points>')
    .option('--sandbox-latency <ms>')
    .option('--sandbox-data-dir <dir>')
    .option('--verbose')
    .action(async (flags: UiCommandFlags) => {
      const { runUiCommand } = await import('../ui-command')
      await runUiCommand(flags)
    })
}
