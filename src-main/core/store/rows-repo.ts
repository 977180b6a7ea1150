import { RowTransitions } from './row-transitions'

export * from './row-queries'
export * from './row-transitions'
export * from './charge-ledger'

/**
 * The rows of jobs: queries (row-queries.ts), transitions built from the row state machine
 * (row-transitions.ts) and the money they settle (charge-ledger.ts). Only these write row SQL.
 */
export class RowsRepo extends RowTransitions {}
