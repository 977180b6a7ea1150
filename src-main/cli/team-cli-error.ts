// Apart from team-options.ts: the team errors come with the team store's driver (pg), which a command
// asks for only once it knows it works in a team.
import { TeamConfigError, TeamRefusedError, TeamSchemaError, TeamUnreachableError } from '../core/team'
import { coreMessage } from './core-message'
import { CliError, EXIT } from './exit-codes'

/**
 * The exit code of a team error: a bad address or schema is a usage error (2), an unreachable
 * store blocks (3: run the command again when it is back); others pass through.
 */
export function asTeamCliError(err: unknown): unknown {
  if (err instanceof TeamConfigError || err instanceof TeamSchemaError || err instanceof TeamRefusedError) return new CliError(coreMessage(err), EXIT.usage)
  if (err instanceof TeamUnreachableError) return new CliError(coreMessage(err), EXIT.blocked)
  return err
}
