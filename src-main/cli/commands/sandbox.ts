import type { Command } from 'commander'

import type { SandboxCommandFlags } from '../sandbox-command'

const collect = (value: string, previous: string[]): string[] => [...previous, value]

/** `rekap sandbox`: declares the flags only; the server is imported when the command runs. */
export function register(program: Command): void {
  program
    .command('sandbox')
    .option('--port <port>', '', '8787')
    .option('--host <host>', '', '127.0.0.1')
    .option('--allow-remote')
    .option('--allow-host <name>', '', collect, [])
    .option('--key <key>', '', collect, [])
    .option('--key-file <file>')
    .option('--admin-token <token>')
    .option('--balance <points>', '', '10000000')
    .option('--forgive-abandoned')
    .option('--premium')
    .option('--hospital-plan <plan>', '', 'standard')
    .option('--school-plan <plan>', '', 'starter')
    .option('--regional-plan <plan>', '', 'starter')
    .option('--monthly-quota <hits>')
    .option('--latency <ms>', '', '0')
    .option('--fail-rate <share>', '', '0')
    .option('--seed <n>', '', '1')
    .option('--data-dir <dir>')
    .action(async (flags: SandboxCommandFlags) => {
      const { runSandboxCommand } = await import('../sandbox-command')
      await runSandboxCommand(flags)
    })
}
