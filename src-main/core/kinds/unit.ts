import type { ServiceClient } from '../provider'
import type { Store, JobRow, RowResult } from '../store'

/**
 * How one row of a kind becomes service calls and a result. The runner owns pacing, retries and
 * money; a unit only calls `env.call()` around each request (which waits for the rate limiter and
 * checks quota), stores/caches what it got, and reports the outcome.
 */
export interface UnitEnv {
  client: ServiceClient
  store: Store
  jobId: string
  /** where records come from, so sandbox data is never taken for real data */
  source: string
  /** the service account whose hits are counted */
  account: string
  freshAfter: number
  now: () => number
  signal: AbortSignal
  /** wraps one request: waits for a rate token and the quota check first */
  call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T>
}

export type UnitOutcome =
  | { type: 'done'; result: RowResult; charged: boolean; hits: number }
  | { type: 'fail'; code: string; message: string; hits: number }

export type Unit = (row: JobRow, env: UnitEnv) => Promise<UnitOutcome>

/** The row's input cannot be sent as planned (a photo gone since planning): fail it, send nothing. */
export class UnitInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
