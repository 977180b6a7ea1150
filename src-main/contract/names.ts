/**
 * The allowlist of channel names, kept apart from the zod schemas so the sandboxed preload
 * can import it without bundling zod. A type check in ipc-names-check.ts proves it lists
 * exactly the commands of the contract.
 */
export const COMMAND_NAMES = [
  'app.info',
  'settings.get',
  'settings.save',
  'settings.setKey',
  'settings.clearKey',
  'settings.setTeamPassword',
  'settings.clearTeamPassword',
  'team.status',
  'team.reviewNext',
  'team.reviewDecide',
  'team.reviewRelease',
  'settings.testConnection',
  'files.inspect',
  'jobs.plan',
  'jobs.start',
  'jobs.pause',
  'jobs.resume',
  'jobs.cancel',
  'jobs.retryFailed',
  'jobs.resendUncertain',
  'jobs.list',
  'jobs.get',
  'jobs.rows',
  'jobs.photo',
  'jobs.export',
  'review.queue',
  'review.pair',
  'review.decide',
  'review.claim',
  'review.release',
  'directory.regions',
  'directory.sync',
  'directory.browse',
  'directory.export',
  'directory.autocomplete',
  'directory.valueLists',
  'directory.schoolSearch',
  'sandbox.topup',
  'presets.list',
  'presets.save',
  'presets.delete',
  'jobs.compare',
  'storage.usage',
  'storage.prunePlan',
  'storage.prune',
  'watch.start',
  'watch.stop',
  'watch.status',
] as const

export const EVENT_NAMES = ['job.progress', 'job.state', 'jobs.changed', 'job.notice'] as const

/** Builds `{ jobs: { start: (input) => invoke('jobs.start', input) }, ... }` from the allowlist. */
export function buildDomainMethods<T>(invoke: (name: string, input: unknown) => Promise<unknown>): T {
  const api: Record<string, Record<string, (input: unknown) => Promise<unknown>>> = {}
  for (const name of COMMAND_NAMES) {
    const [domain, method] = name.split('.') as [string, string]
    api[domain] ??= {}
    api[domain][method] = (input: unknown) => invoke(name, input ?? {})
  }
  return api as T
}
