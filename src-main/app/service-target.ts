/**
 * Where requests go and with which key: the embedded sandbox when the base URL setting is
 * empty, the configured service otherwise. Jobs snapshot `sandbox: true` rather than the
 * sandbox's port, so a sandbox job resumed after a restart reaches the new sandbox.
 */
import type { JobSettings } from '../core/jobs/job-settings'
import type { AppSettings } from './app-settings'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { KeyVault } from './key-vault'

export interface ServiceTarget {
  baseUrl: string
  apiKey: string | null
  sandbox: boolean
}

export async function currentTarget(settings: AppSettings, vault: KeyVault, sandbox: EmbeddedSandbox): Promise<ServiceTarget> {
  if (settings.baseUrl === '') {
    const s = await sandbox.get()
    return { baseUrl: s.url, apiKey: s.keys[0], sandbox: true }
  }
  return { baseUrl: settings.baseUrl, apiKey: vault.get(), sandbox: false }
}

/** The target for a stored job's settings snapshot (the engine asks this when it starts or resumes one). */
export async function targetForJob(job: Pick<JobSettings, 'baseUrl' | 'sandbox'>, vault: KeyVault, sandbox: EmbeddedSandbox): Promise<ServiceTarget> {
  if (job.sandbox) {
    const s = await sandbox.get()
    return { baseUrl: s.url, apiKey: s.keys[0], sandbox: true }
  }
  return { baseUrl: job.baseUrl, apiKey: vault.get(), sandbox: false }
}
