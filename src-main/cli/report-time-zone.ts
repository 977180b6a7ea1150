import type { Store } from '../core/store'
import { checkTimeZone } from '../core/reports/time-zone'
import { readAppSettings } from '../app/app-settings'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'
import { coreMessage } from './core-message'

/** --tz, else the zone set in the app's settings (same data file), else Asia/Jakarta. */
export function reportTimeZone(store: Store, tz: string | undefined): string {
  if (tz === undefined) return readAppSettings(store.settings).timeZone
  try {
    return checkTimeZone(tz)
  } catch (err) {
    throw new CliError(t().badTimeZone(coreMessage(err)), EXIT.usage)
  }
}
