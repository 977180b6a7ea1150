import { kindViews } from '../../core/kinds/registry'
import { REKAP_VERSION } from '../../core/version'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'

export function appHandlers(ctx: AppContext): Pick<Handlers, 'app.info'> {
  return {
    'app.info': async () => ({
      version: REKAP_VERSION,
      mode: ctx.mode,
      platformLanguage: ctx.platformLanguage,
      sandbox: ctx.settings().baseUrl === '',
      kinds: kindViews(),
    }),
  }
}
