// Apart from run-job.ts: the commands that only control or export a job (jobs, pause, export) map the
// engine's refusals with it without loading the planner and the run's printers.
import { ActionRefusedError, JobOwnedError } from '../core/engine/action-errors'
import { PlanError } from '../core/jobs/plan-error'
import { MapOverrideError } from '../core/importers/auto-map'
import { ImportError } from '../core/importers/import-error'
import { coreMessage } from './core-message'
import { CliError, EXIT } from './exit-codes'

/** Bad input and usage problems end with exit 2 and the message alone (no stack). */
export function asCliError(err: unknown): unknown {
  if (err instanceof CliError) return err
  // Another process runs the job: nothing was changed; wait for it or stop it from there.
  if (err instanceof JobOwnedError) return new CliError(coreMessage(err), EXIT.blocked)
  if (err instanceof ActionRefusedError) return new CliError(coreMessage(err), EXIT.usage)
  if (err instanceof PlanError || err instanceof ImportError || err instanceof MapOverrideError) return new CliError(coreMessage(err), EXIT.usage)
  return err
}
