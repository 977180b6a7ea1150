import type { AppContext } from './app-context'
import type { Handlers } from './dispatch'
import { appHandlers } from './handlers/app'
import { directoryHandlers } from './handlers/directory'
import { filesHandlers } from './handlers/files'
import { jobsHandlers } from './handlers/jobs'
import { sandboxHandlers } from './handlers/sandbox'
import { reviewHandlers } from './handlers/review'
import { settingsHandlers } from './handlers/settings'
import { teamHandlers } from './handlers/team'
import { presetHandlers } from './handlers/presets'
import { housekeepingHandlers } from './handlers/housekeeping'
import { watchHandlers } from './handlers/watch'

/** Every command of the contract, each handled once; the type proves none is missing. */
export function createHandlers(ctx: AppContext): Handlers {
  return {
    ...appHandlers(ctx),
    ...settingsHandlers(ctx),
    ...filesHandlers(ctx),
    ...jobsHandlers(ctx),
    ...directoryHandlers(ctx),
    ...sandboxHandlers(ctx),
    ...reviewHandlers(ctx),
    ...teamHandlers(ctx),
    ...presetHandlers(ctx),
    ...housekeepingHandlers(ctx),
    ...watchHandlers(ctx),
  }
}
