import { createInterface } from 'node:readline/promises'
import { join, resolve } from 'node:path'
import { openCliEngine, type CliEngine } from './cli-engine'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { picturesDirFor } from '../core/engine'
import { deletable, deleteJobs, parseAge, planDeletion, type DeletionItem } from '../core/unattended/housekeeping'
import { reportTimeZone } from './report-time-zone'
import { planPrune } from '../core/unattended/space-used'

interface HousekeepingOptions {
  db?: string
  yes?: boolean
  reportDir?: string
}

function folders(cli: CliEngine): { picturesDir: string; uploadsDir: string } {
  return { picturesDir: picturesDirFor(cli.dataDir), uploadsDir: join(cli.dataDir, 'uploads') }
}

/** Asks on a terminal; without one, --yes is required (nothing is deleted by accident in a script). */
async function confirmed(o: HousekeepingOptions): Promise<boolean> {
  if (o.yes) return true
  if (!process.stdin.isTTY) throw new CliError(t().housekeeping.needsYes, EXIT.usage)
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return t().yesAnswer.test((await rl.question(t().housekeeping.confirm)).trim())
  } finally {
    rl.close()
  }
}

function show(items: DeletionItem[]): void {
  const m = t()
  for (const i of items) process.stdout.write(m.housekeeping.item(i.jobId, i.kind, i.state, i.inputName ?? '', i.folders.length, i.bytes) + '\n')
}

async function deleteShown(cli: CliEngine, items: DeletionItem[], o: HousekeepingOptions): Promise<number> {
  if (!items.length) {
    process.stdout.write(t().housekeeping.nothing + '\n')
    return EXIT.ok
  }
  show(items)
  if (!(await confirmed(o))) {
    process.stdout.write(t().housekeeping.kept + '\n')
    return EXIT.ok
  }
  const lines = await deleteJobs(cli.store, items, {
    reportDir: o.reportDir ? resolve(o.reportDir) : undefined,
    lang: cliLang(),
    timeZone: reportTimeZone(cli.store, undefined),
  })
  for (const l of lines) process.stdout.write(t().housekeeping.deleted(l.jobId, l.points, l.reportDigest ?? '-') + '\n')
  // a job resumed or changed by another process since it was shown is kept (deleteJobs): say so
  const kept = items.filter((i) => !lines.some((l) => l.jobId === i.jobId))
  for (const i of kept) process.stderr.write(t().housekeeping.changed(i.jobId) + '\n')
  return kept.length ? EXIT.blocked : EXIT.ok
}

/** `rekap jobs delete <id>`: one job, its pictures and upload; its ledger lines folded, its report digest kept. */
export async function deleteJobCommand(idOrPrefix: string, o: HousekeepingOptions): Promise<number> {
  const cli = openCliEngine({ db: o.db })
  try {
    const id = cli.store.jobs.resolveId(idOrPrefix)
    if (!id) throw new CliError(t().housekeeping.noJob(idOrPrefix), EXIT.usage)
    const view = cli.engine.listJobs().find((j) => j.id === id)!
    if (!deletable(view)) throw new CliError(t().housekeeping.running(id), EXIT.blocked)
    return await deleteShown(cli, planDeletion(cli.store, [id], folders(cli)), o)
  } finally {
    await cli.close()
  }
}

/** `rekap jobs --prune --older-than 90d`: finished jobs and never-started plans not touched since. */
export async function pruneJobsCommand(olderThan: string | undefined, o: HousekeepingOptions): Promise<number> {
  const age = olderThan === undefined ? null : parseAge(olderThan)
  if (age === null) throw new CliError(t().housekeeping.badAge(olderThan ?? ''), EXIT.usage)
  const cli = openCliEngine({ db: o.db })
  try {
    return await deleteShown(cli, planPrune(cli.store, Date.now() - age, folders(cli)), o)
  } finally {
    await cli.close()
  }
}
