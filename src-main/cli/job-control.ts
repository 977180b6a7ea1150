import { openCliEngine, type CliEngine } from './cli-engine'
import { runToEnd, asCliError, stateHitsUsed } from './run-job'
import { hasPlanFlags, planSettings, type PlanFlags } from './plan-options'
import { progressLine } from './progress-printer'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

interface ControlOptions extends PlanFlags {
  db?: string
  json?: boolean
  out?: string
  key?: string
  resendUncertain?: boolean
  verbose?: boolean
  budget?: number
  balance?: number
}

export async function listJobsCommand(o: { db?: string; json?: boolean }): Promise<number> {
  const cli = openCliEngine({ db: o.db })
  try {
    const jobs = cli.engine.listJobs()
    if (o.json) {
      process.stdout.write(JSON.stringify(jobs.map((j) => ({ id: j.id, kind: j.kind, state: j.state, blockedReason: j.blockedReason, input: j.inputName, createdAt: new Date(j.createdAt).toISOString(), counts: j.counts }))) + '\n')
      return EXIT.ok
    }
    if (!jobs.length) process.stdout.write(t().noJobs + '\n')
    for (const j of jobs) {
      const c = j.counts
      const state = j.state === 'blocked' ? `blocked:${j.blockedReason}` : j.state
      process.stdout.write(
        `${j.id}  ${j.kind.padEnd(18)} ${state.padEnd(24)} ${t().jobsRow(c.done, c.failed, c.pending)}  ${j.inputName ?? ''}${j.sandbox ? '  [SANDBOX]' : ''}\n`,
      )
    }
    return EXIT.ok
  } finally {
    await cli.close()
  }
}

export async function jobControlCommand(action: 'resume' | 'retry-failed' | 'cancel', idOrPrefix: string, o: ControlOptions): Promise<number> {
  const cli = openCliEngine({ db: o.db, key: o.key, verbose: o.verbose })
  const say = o.json ? () => {} : (line: string) => process.stdout.write(line + '\n')
  try {
    const jobId = resolveJob(cli, idOrPrefix)
    // A job left `running` by a process that died: what was in flight becomes uncertain (paid) or pending (free).
    cli.engine.recoverInterrupted()
    say(`job ${jobId}`)
    if (action === 'cancel') {
      const p = await cli.engine.cancel(jobId)
      say(progressLine(p))
      say(t().cancelled(jobId))
      return EXIT.ok
    }
    const before = cli.engine.progress(jobId)
    if (before.state === 'cancelled') throw new CliError(t().wasCancelled(jobId), EXIT.usage)
    const limits = {
      ...(o.budget !== undefined ? { budgetRp: o.budget } : {}),
      ...(o.balance !== undefined ? { balanceRp: o.balance } : {}),
    }
    if (Object.keys(limits).length || hasPlanFlags(o)) {
      // A new budget, a stated balance after a top-up or a bigger plan: kept in the job's settings (the report shows it).
      const job = cli.store.jobs.get(jobId)!
      cli.store.jobs.update(jobId, { settings: { ...job.settings, ...limits, ...planSettings(job.settings, o) } }, Date.now())
    }
    stateHitsUsed(cli, cli.store.jobs.get(jobId)!.settings, o, say)
    const start =
      action === 'retry-failed'
        ? () => cli.engine.retryFailed(jobId)
        : o.resendUncertain
          ? () => cli.engine.resendUncertain(jobId)
          : () => cli.engine.start(jobId)
    return await runToEnd(cli, jobId, o, say, start)
  } catch (err) {
    throw asCliError(err)
  } finally {
    await cli.close()
  }
}

function resolveJob(cli: CliEngine, idOrPrefix: string): string {
  const id = cli.store.jobs.resolveId(idOrPrefix)
  if (!id) throw new CliError(t().noJob(idOrPrefix, cli.store.file), EXIT.usage)
  return id
}
