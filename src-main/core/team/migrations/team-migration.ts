/** One step of the team store's schema: applied once, in order, inside one transaction. */
export interface TeamMigration {
  /** 1, 2, 3 …: the schema version this step brings the store to */
  version: number
  /** a short name for rekap.schema_version (e.g. 'base', 'coordination') */
  name: string
  /** the SQL of the step (several statements allowed); objects live in the `rekap` schema */
  sql: string
}
