/**
 * Where requests go and with which key: the embedded sandbox when the base URL setting is
 * empty, the configured service otherwise. Jobs snapshot `sandbox: true` rather than the
 * sandbox's port, so a sandbox job resumed after a restart reaches the new sandbox.
 * `source` labels cached directory records ('sandbox' or the service's host) so sandbox data
 * is never shown as real data.
 */
import type { ServiceTarget } from '../core/engine'
import type { JobSettings } from '../core/model/job-settings'
import { AppError } from './app-error'
import { coreText } from '../core/texts/core-text'
import { keyConfirmedFor, type AppSettings } from './app-settings'
import { serviceOrigin } from '../core/net/service-url'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { KeyVault } from './key-vault'

export type { ServiceTarget } from '../core/engine'

export const SANDBOX_SOURCE = 'sandbox'

export function sourceOf(baseUrl: string): string {
  return baseUrl === '' ? SANDBOX_SOURCE : new URL(baseUrl).host
}

/** The target for a stored job's settings snapshot (the engine asks this when it plans, starts or resumes one). */
export function unconfirmed(baseUrl: string): AppError {
  return new AppError('conflict', coreText('app.keyNotConfirmed', { origin: serviceOrigin(baseUrl) }), 'key')
}

export async function targetForJob(
  job: Pick<JobSettings, 'baseUrl' | 'sandbox'> & Partial<Pick<JobSettings, 'hospitalPlan' | 'schoolPlan' | 'regionalPlan'>>,
  vault: KeyVault,
  sandbox: EmbeddedSandbox,
  settings: Pick<AppSettings, 'keyHost'>,
): Promise<ServiceTarget> {
  if (job.sandbox) {
    // a rehearsal answers like the plans the job states (rate limit, monthly quota)
    const s = await sandbox.get({ hospitalPlan: job.hospitalPlan, schoolPlan: job.schoolPlan, regionalPlan: job.regionalPlan })
    return { baseUrl: s.url, apiKey: s.keys[0], source: SANDBOX_SOURCE, sandbox: true, faceWarmUpSeconds: sandbox.faceWarmUpSeconds(s) }
  }
  const apiKey = vault.get()
  if (!apiKey) {
    throw new AppError('conflict', coreText('app.jobNeedsKey', { url: job.baseUrl }), 'key')
  }
  if (!keyConfirmedFor(settings, job.baseUrl)) throw unconfirmed(job.baseUrl)
  return { baseUrl: job.baseUrl, apiKey, source: sourceOf(job.baseUrl), sandbox: false }
}

/** Where a new job's requests go (starts the embedded sandbox if that is the target). */
export async function currentTarget(settings: AppSettings, vault: KeyVault, sandbox: EmbeddedSandbox): Promise<ServiceTarget> {
  if (settings.baseUrl === '') return targetForJob({ baseUrl: '', sandbox: true }, vault, sandbox, settings)
  // the key is withheld from an address the user has not confirmed it for
  const apiKey = keyConfirmedFor(settings, settings.baseUrl) ? (vault.get() ?? undefined) : undefined
  return { baseUrl: settings.baseUrl, apiKey, source: sourceOf(settings.baseUrl), sandbox: false }
}
