import type { Command } from 'commander'
import type { UiCommandFlags } from '../ui-command'

/** `rekap ui`: the desktop app's screens in your browser, served on this machine only. */
export function register(program: Command): void {
  program
    .command('ui')
    .description(
      'Open rekap in your web browser (no Electron needed): the same screens and engine as the desktop app,\n' +
        'served on 127.0.0.1 with a one-time token. Prints "rekap ui at http://127.0.0.1:PORT/?token=…"; stop with Ctrl+C.\n' +
        'The API key for the real service comes from REKAP_API_KEY (browser mode does not store keys).',
    )
    .option('--port <port>', 'port to listen on (0 = any free port)', '0')
    .option('--host <host>', 'address to bind; only loopback unless --allow-remote', '127.0.0.1')
    .option('--allow-remote', 'allow a non-loopback --host (needs --tls-cert/--tls-key; anyone who has the link controls your jobs)')
    .option('--allow-host <name>', 'also answer requests addressed to this host name (repeatable)', (v: string, p: string[]) => [...p, v], [])
    .option('--folder <dir>', 'a folder whose workbooks the page may open by path, besides uploads (repeatable; default: the current folder, none with --allow-remote)', (v: string, p: string[]) => [...p, v], [])
    .option('--tls-cert <file>', 'PEM certificate to serve https (required with a non-loopback --host)')
    .option('--tls-key <file>', 'PEM private key of --tls-cert')
    .option('--no-open', 'do not open the browser, just print the link')
    .option('--db <file>', 'rekap data file (default: the app data folder, or REKAP_DB)')
    .option('--sandbox-balance <points>', 'starting balance of the built-in sandbox (rehearse a top-up)')
    .option('--sandbox-latency <ms>', 'added delay per request of the built-in sandbox')
    .option('--sandbox-data-dir <dir>', 'real hospitals.csv / schools.csv.gz for the built-in sandbox')
    .option('--verbose', 'log details to stderr')
    .action(async (flags: UiCommandFlags) => {
      const { runUiCommand } = await import('../ui-command')
      await runUiCommand(flags)
    })
}
