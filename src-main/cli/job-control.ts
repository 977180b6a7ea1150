import { readCliKey } from './cli-key'
import { openCliEngine, type CliEngine } from './cli-engine'
import { runToEnd, stateHitsUsed } from './run-job'
import { asCliError } from './action-cli-error'
import { hasPlanFlags, planSettings, type PlanFlags } from './plan-options'
import { progressLine } from './progress-printer'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'
import type { RecordFlags } from './run-records'
import { workbookSincePlan } from '../core/jobs/planner'

interface ControlOptions extends PlanFlags, RecordFlags {
  db?: string
  json?: boolean
  out?: string
  key?: string
  keyFile?: string
  resendUncertain?: boolean
  verbose?: boolean
  budget?: number
  balance?: number
}

export async function jobControlCommand(
  action: 'resume' | 'retry-failed' | 'pause' | 'cancel',
  idOrPrefix: string,
  o: ControlOptions,
): Promise<number> {
  const key = action === 'resume' || action === 'retry-failed' ? await readCliKey(o) : undefined
  const cli = openCliEngine({ db: o.db, key, verbose: o.verbose })
  const say = o.json ? () => {} : (line: string) => process.stdout.write(line + '\n')
  try {
    const jobId = resolveJob(cli, idOrPrefix)
    say(`job ${jobId}`)
    if (action === 'cancel' || action === 'pause') return await stopCommand(cli, jobId, action, say, o.json)
    await cli.joinTeam()
    // Checked before anything is written (a new budget included): an illegal action changes nothing.
    const wanted = action === 'retry-failed' ? 'retryFailed' : o.resendUncertain && cli.engine.actions(jobId).includes('resendUncertain') ? 'resendUncertain' : null
    if (wanted) cli.engine.assertAllowed(jobId, wanted)
    else cli.engine.assertAllowed(jobId, ['draft', 'ready'].includes(cli.engine.progress(jobId).state) ? 'start' : 'resume')
    const limits = {
      ...(o.budget !== undefined ? { budgetRp: o.budget } : {}),
      ...(o.balance !== undefined ? { balanceRp: o.balance } : {}),
    }
    if (Object.keys(limits).length || hasPlanFlags(o)) {
      // A new budget, a stated balance after a top-up or a bigger plan: kept in the job's settings (the report shows it).
      const job = cli.store.jobs.get(jobId)!
      cli.store.jobs.update(jobId, { settings: { ...job.settings, ...limits, ...planSettings(job.settings, o) } }, Date.now())
    }
    await stateHitsUsed(cli, cli.store.jobs.get(jobId)!.settings, o, say)
    if (wanted === 'retryFailed') {
      const job = cli.store.jobs.get(jobId)!
      const since = await workbookSincePlan(job)
      if (since === 'changed' || since === 'missing') say(t().workbookSincePlan(jobId, job.inputFile ?? '', since))
    }
    const start =
      wanted === 'retryFailed'
        ? () => cli.engine.retryFailed(jobId)
        : wanted === 'resendUncertain'
          ? () => cli.engine.resendUncertain(jobId)
          : () => cli.engine.start(jobId)
    return await runToEnd(cli, jobId, o, say, start)
  } catch (err) {
    throw asCliError(err)
  } finally {
    await cli.close()
  }
}

/**
 * pause/cancel. A job another process runs gets a request: we wait (up to 10 s) until its
 * owner has obeyed, so the exit tells the truth; a job nobody runs changes at once.
 */
async function stopCommand(cli: CliEngine, jobId: string, action: 'pause' | 'cancel', say: (l: string) => void, json?: boolean): Promise<number> {
  let p = await cli.engine[action](jobId)
  const owner = p.owner && !p.owner.self ? p.owner : null
  if (owner) {
    say(t().askedOwner(owner.pid, owner.host, action))
    const until = Date.now() + 10_000
    const obeyed = (q: typeof p): boolean => (action === 'cancel' ? q.state === 'cancelled' : q.state !== 'running') && (!q.owner || q.owner.self)
    while (!obeyed(p) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      p = cli.engine.progress(jobId)
    }
    if (!obeyed(p)) {
      say(t().ownerNotYet(p.state))
      if (json) process.stdout.write(JSON.stringify({ jobId, state: p.state, requested: action, exitCode: EXIT.blocked }) + '\n')
      return EXIT.blocked
    }
  }
  say(progressLine(p))
  if (action === 'cancel') say(t().cancelled(jobId))
  else say(t().paused(jobId))
  if (json) process.stdout.write(JSON.stringify({ jobId, state: p.state, counts: p.counts, exitCode: EXIT.ok }) + '\n')
  return EXIT.ok
}

function resolveJob(cli: CliEngine, idOrPrefix: string): string {
  const id = cli.store.jobs.resolveId(idOrPrefix)
  if (!id) throw new CliError(t().noJob(idOrPrefix, cli.store.file), EXIT.usage)
  return id
}
