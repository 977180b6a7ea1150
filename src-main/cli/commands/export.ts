import type { Command } from 'commander'

// Placeholder until the issue that owns this command lands.
export function register(_program: Command): void {}
