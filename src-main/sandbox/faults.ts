import type { Prng } from './prng'

/**
 * Fault injection for rehearsals and tests. Decided when a request arrives, before
 * auth and before any charge, so a faulted request is never charged nor counted.
 */
export interface FaultSettings {
  /** mean added delay per request, in ms; the actual delay is 50%..150% of it */
  latencyMs: number
  /** share of requests (0..1) that fail: half answered 500, half dropped mid-response */
  failRate: number
}

export type FaultDecision = 'none' | 'server-error' | 'drop'

export function decideFault(settings: FaultSettings, rng: Prng): FaultDecision {
  if (settings.failRate <= 0 || !rng.chance(settings.failRate)) return 'none'
  return rng.chance(0.5) ? 'server-error' : 'drop'
}

export function jitteredDelay(settings: FaultSettings, rng: Prng): number {
  if (settings.latencyMs <= 0) return 0
  return Math.round(settings.latencyMs * (0.5 + rng.next()))
}

/** Validates a fault update from the admin endpoint or the CLI; returns an error text or null. */
export function faultSettingsError(s: Partial<FaultSettings>): string | null {
  if (s.latencyMs !== undefined && !(Number.isFinite(s.latencyMs) && s.latencyMs >= 0)) {
    return 'latency must be a number of milliseconds >= 0'
  }
  if (s.failRate !== undefined && !(Number.isFinite(s.failRate) && s.failRate >= 0 && s.failRate <= 1)) {
    return 'fail rate must be a number between 0 and 1'
  }
  return null
}
