/**
 * One step of the store's versioned schema. A migration is appended, never edited, once it has
 * shipped: user files on disk were made by the old text. Each runs in its own transaction together
 * with the bump of `user_version`, so a kill mid-migration changes nothing.
 */
export interface Migration {
  version: number
  name: string
  sql: string
}
