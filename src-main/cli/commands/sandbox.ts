import type { Command } from 'commander'

import type { SandboxCommandFlags } from '../sandbox-command'

const collect = (value: string, previous: string[]): string[] => [...previous, value]

/** `rekap sandbox`: declares the flags only; the server is imported when the command runs. */
export function register(program: Command): void {
  program
    .command('sandbox')
    .description(
      'Run a local implementation of the whole service (sandbox data, no account, no network needed).\n' +
        'Prints "rekap sandbox listening on http://HOST:PORT" when ready; stop with Ctrl+C.',
    )
    .option('--port <port>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <host>', 'address to bind; only loopback unless --allow-remote', '127.0.0.1')
    .option('--allow-remote', 'allow a non-loopback --host')
    .option('--allow-host <name>', 'also answer requests addressed to this host name (repeatable; loopback and --host always are)', collect, [])
    .option('--key <key>', 'accepted API key (repeatable; default "sandbox-key")', collect, [])
    .option('--admin-token <token>', 'token for the /_sandbox/ admin endpoints (random if not given)')
    .option('--balance <points>', 'points balance (1 point = Rp1)', '10000000')
    .option('--forgive-abandoned', 'do not charge a face match whose client left before the answer (default: charge it, the worst case)')
    .option('--premium', 'premium account: accreditation filter, schools/search, real accreditation/lang/long')
    .option('--hospital-plan <plan>', 'free (1,000 hits/month), standard (20 rps, 3,000 hits/month) or premium (100 rps, unlimited)', 'standard')
    .option('--school-plan <plan>', 'free (1,000 hits/month), starter (10,000), pro (50,000) or business (unlimited)', 'starter')
    .option('--regional-plan <plan>', 'starter (5,000 hits/month)', 'starter')
    .option('--monthly-quota <hits>', 'monthly hit quota for every directory product (hospitals, schools, regional)')
    .option('--latency <ms>', 'added delay per request in ms (with jitter)', '0')
    .option('--fail-rate <share>', 'share 0..1 of requests answered 500 or dropped mid-response', '0')
    .option('--seed <n>', 'seed of the generated data and of the fault sequence', '1')
    .option('--data-dir <dir>', 'load real hospitals.csv and schools.csv.gz from this directory')
    .action(async (flags: SandboxCommandFlags) => {
      const { runSandboxCommand } = await import('../sandbox-command')
      await runSandboxCommand(flags)
    })
}
