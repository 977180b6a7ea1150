import { openDataFile as openDataFileSaying } from '../core/paths/data-file-open'
import type { Store } from '../core/store'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

/**
 * Opens (or makes) the data file as the app does (core/paths/data-file-open.ts); a failure that is
 * not the path's (a damaged file) keeps SQLite's reason, as bad input.
 */
export function openDataFile(file: string, open: () => Store): Store {
  return openDataFileSaying(file, open, (err) => new CliError(t().cannotOpenDb(file, (err as Error).message), EXIT.usage))
}
