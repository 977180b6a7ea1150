import { existsSync } from 'node:fs'
import { openStore, type Store } from '../core/store'
import { pairIdentity, recordDecision, requireReviewableJob, reviewQueue, ReviewError, type ReviewQueue } from '../core/review'
import { labelsFor } from '../core/reports/labels'
import { readAppSettings } from '../app/app-settings'
import { dbPathFrom } from './cli-engine'
import { CliError, EXIT } from './exit-codes'
import type { ReviewOptions } from './commands/review'

export async function reviewCommand(jobArg: string, o: ReviewOptions): Promise<number> {
  const dbFile = dbPathFrom(o.db)
  if (!existsSync(dbFile)) throw new CliError(`no rekap data file at ${dbFile}; run a job first or pass --db`, EXIT.usage)
  const store = openStore(dbFile)
  try {
    if (o.row === undefined) {
      if (o.decision || o.by || o.note) throw new CliError('--decision, --by and --note need --row N (the row to decide on)', EXIT.usage)
      return listQueue(store, jobArg, o.json === true)
    }
    if (!Number.isInteger(o.row)) throw new CliError(`--row ${o.row}: a row is a whole number`, EXIT.usage)
    if (!o.decision) throw new CliError('--row needs --decision approve|reject|retake|skip|flag', EXIT.usage)
    const by = o.by ?? readAppSettings(store.settings).reviewerName
    if (!by) throw new CliError('who decides? pass --by NAME (or set the reviewer name once in the app\'s Settings)', EXIT.usage)
    const entry = recordDecision(store, jobArg, { rowNo: o.row, decision: o.decision, reviewer: by, note: o.note, now: Date.now() })
    const q = reviewQueue(store, requireReviewableJob(store, entry.jobId))
    process.stdout.write(
      `row ${entry.rowNo} of job ${entry.jobId}: ${entry.decision} by ${entry.reviewer} recorded` +
        ` (service said ${labelsFor('en').outcomes[entry.serviceVerdict as keyof ReturnType<typeof labelsFor>['outcomes']] ?? entry.serviceVerdict}); ` +
        `${q.reviewed} of ${q.total} reviewed\n`,
    )
    return EXIT.ok
  } catch (err) {
    if (err instanceof ReviewError) throw new CliError(err.message, EXIT.usage)
    throw err
  } finally {
    store.close()
  }
}

function listQueue(store: Store, jobArg: string, json: boolean): number {
  const job = requireReviewableJob(store, jobArg)
  const q: ReviewQueue = reviewQueue(store, job)
  const L = labelsFor('en')
  const items = q.items.map((i) => {
    const row = store.rows.get(job.id, i.rowNo)!
    return {
      row: i.rowNo,
      sheetRow: row.sourceRow,
      ...pairIdentity(job, row),
      verdict: i.verdict,
      label: L.outcomes[i.verdict],
      confidence: i.confidence,
      flagged: i.flagged,
      reviewed: !i.open,
      decision: i.final?.decision ?? null,
      by: i.final?.reviewer ?? null,
      at: i.final ? new Date(i.final.at).toISOString() : null,
      note: i.final?.note ?? null,
    }
  })
  if (json) {
    process.stdout.write(JSON.stringify({ jobId: job.id, reviewed: q.reviewed, total: q.total, items }, null, 2) + '\n')
    return EXIT.ok
  }
  process.stdout.write(`job ${job.id}: ${q.reviewed} of ${q.total} reviewed\n`)
  if (!items.length) {
    process.stdout.write('nothing to review: no pair is in the review band, NO MATCH, uncertain or flagged\n')
    return EXIT.ok
  }
  process.stdout.write(`${'ROW'.padStart(5)}  ${'SHEET'.padStart(5)}  ${'SERVICE'.padEnd(14)} ${'SCORE'.padStart(6)}  ${'NIK'.padEnd(16)}  ${'NAME'.padEnd(20)}  DECISION\n`)
  for (const i of items) {
    const decision = i.decision ? `${i.decision} by ${i.by}${i.note ? ` ("${i.note}")` : ''}` : i.flagged ? 'flagged, open' : '-'
    process.stdout.write(
      `${String(i.row).padStart(5)}  ${String(i.sheetRow ?? '').padStart(5)}  ${i.label.padEnd(14)} ${(i.confidence === null ? '-' : i.confidence.toFixed(4)).padStart(6)}  ${(i.nik ?? '-').padEnd(16)}  ${(i.name ?? '-').slice(0, 20).padEnd(20)}  ${decision}\n`,
    )
  }
  process.stdout.write(`decide with: rekap review ${job.id} --row N --decision approve|reject|retake --by NAME [--note TEXT]\n`)
  return EXIT.ok
}
