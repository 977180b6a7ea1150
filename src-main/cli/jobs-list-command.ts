import { openCliEngine } from './cli-engine'
import { EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { JOB_STATE_VIEW_WORDS } from '../core/texts/state-words'
import type { JobActionView } from '../contract/ipc'
import { verdictCounts } from '../core/verdict-counts'
import { oneLine } from '../contract/one-line'

/** `rekap jobs`: the jobs kept in the local store (apart from job-control.ts, which runs them, so a list loads no planner or runner). */
export async function listJobsCommand(o: { db?: string; json?: boolean }): Promise<number> {
  const cli = openCliEngine({ db: o.db })
  try {
    // a dry run or a declined run leaves a plan; a week later nobody will resume it
    cli.engine.discardStalePlans()
    const jobs = cli.engine.listJobs()
    if (o.json) {
      const rows = jobs.map((j) => ({
        id: j.id,
        kind: j.kind,
        // `interrupted`: the store says running but the process that ran it is gone (resumable)
        state: j.state,
        interrupted: j.interrupted,
        blockedReason: j.blockedReason,
        input: j.inputName,
        createdAt: new Date(j.createdAt).toISOString(),
        // `outcomes`: the service's raw outcomes (kept for compatibility); `verdicts`: rows per
        // verdict, band-aware, as the report, the app and the review queue say them
        counts: { ...j.counts, verdicts: verdictCounts(cli.store, cli.store.jobs.get(j.id)!) },
        actions: j.actions,
        // why resume, retry and re-send are not listed though the state allows them (a watched file another computer holds)
        notRunHere: j.notRunHere,
      }))
      process.stdout.write(JSON.stringify(rows) + '\n')
      return EXIT.ok
    }
    if (!jobs.length) process.stdout.write(t().noJobs + '\n')
    for (const j of jobs) {
      const c = j.counts
      // states in the reader's language (the kind and the commands stay as typed: --kind, rekap resume)
      const word = JOB_STATE_VIEW_WORDS[cliLang()][j.state] ?? j.state
      const state = j.state === 'blocked' && j.blockedReason ? `${word} (${t().blockedShort[j.blockedReason] ?? j.blockedReason})` : word
      process.stdout.write(
        `${j.id}  ${j.kind.padEnd(18)} ${state.padEnd(24)} ${t().jobsRow(c)}  ${oneLine(j.inputName ?? '')}${j.sandbox ? '  [SANDBOX]' : ''}${nextCommands(j.actions)}\n`,
      )
    }
    return EXIT.ok
  } finally {
    await cli.close()
  }
}

/** The commands legal now for a job (the engine's availableActions), as a user types them. */
const ACTION_COMMAND: Partial<Record<JobActionView, string>> = {
  start: 'resume',
  resume: 'resume',
  pause: 'pause',
  cancel: 'cancel',
  retryFailed: 'retry-failed',
  resendUncertain: 'resume --resend-uncertain',
}
function nextCommands(actions: JobActionView[]): string {
  const cmds = [...new Set(actions.map((a) => ACTION_COMMAND[a]).filter((c): c is string => !!c))]
  return cmds.length ? `  [${cmds.join(' | ')}]` : ''
}
