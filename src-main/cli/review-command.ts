import { existsSync } from 'node:fs'
import { openStore, type Store } from '../core/store'
import { openDataFile } from './data-file-open'
import { pairIdentity, recordDecision, reviewQueue, ReviewError, type ReviewQueue } from '../core/review'
import { requireReviewableJob } from '../core/kinds/reviewable-job'
import { labelsFor } from '../core/reports/labels'
import { readAppSettings } from '../app/app-settings'
import { dbPathFrom } from './data-file-path'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { formatFixed } from '../contract/numbers'
import { coreMessage } from './core-message'
import { oneLine } from '../contract/one-line'

export interface ReviewOptions {
  list?: boolean
  json?: boolean
  row?: number
  decision?: 'approve' | 'reject' | 'retake' | 'skip' | 'flag'
  by?: string
  note?: string
  db?: string
}

export async function reviewCommand(jobArg: string, o: ReviewOptions): Promise<number> {
  const dbFile = dbPathFrom(o.db)
  if (!existsSync(dbFile)) throw new CliError(t().noDataFile(dbFile), EXIT.usage)
  const store = openDataFile(dbFile, () => openStore(dbFile))
  try {
    if (o.row === undefined) {
      if (o.decision || o.by || o.note) throw new CliError(t().review.needsRow, EXIT.usage)
      return listQueue(store, jobArg, o.json === true)
    }
    if (!Number.isInteger(o.row)) throw new CliError(t().review.rowNotWhole(String(o.row)), EXIT.usage)
    if (!o.decision) throw new CliError(t().review.needsDecision, EXIT.usage)
    const by = o.by ?? readAppSettings(store.settings).reviewerName
    if (!by) throw new CliError(t().review.needsBy, EXIT.usage)
    const job = requireReviewableJob(store, jobArg)
    const entry = recordDecision(store, job, { rowNo: o.row, decision: o.decision, reviewer: by, note: o.note, now: Date.now() })
    const q = reviewQueue(store, job)
    const L = labelsFor(cliLang())
    const service = L.outcomes[entry.serviceVerdict as keyof typeof L.outcomes] ?? entry.serviceVerdict
    process.stdout.write(t().review.recorded(entry.rowNo, entry.jobId, L.review.decisions[entry.decision] ?? entry.decision, entry.reviewer, service, q.reviewed, q.total) + '\n')
    return EXIT.ok
  } catch (err) {
    if (err instanceof ReviewError) throw new CliError(coreMessage(err), EXIT.usage)
    throw err
  } finally {
    store.close()
  }
}

function listQueue(store: Store, jobArg: string, json: boolean): number {
  const job = requireReviewableJob(store, jobArg)
  const q: ReviewQueue = reviewQueue(store, job)
  const L = labelsFor(cliLang())
  const m = t().review
  // --json carries keys only (verdict, decision): the same in every language; the words are the table's
  const items = q.items.map((i) => {
    const row = store.rows.get(job.id, i.rowNo)!
    return {
      row: i.rowNo,
      sheetRow: row.sourceRow,
      ...pairIdentity(job, row),
      verdict: i.verdict,
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
  process.stdout.write(m.progress(job.id, q.reviewed, q.total) + '\n')
  if (!items.length) {
    process.stdout.write(m.nothing + '\n')
    return EXIT.ok
  }
  const h = m.head
  process.stdout.write(`${h.row.padStart(5)}  ${h.sheet.padStart(6)}  ${h.service.padEnd(14)} ${h.score.padStart(6)}  ${h.nik.padEnd(16)}  ${h.name.padEnd(20)}  ${h.decision}\n`)
  for (const i of items) {
    const decision = i.decision ? `${m.decidedBy(L.review.decisions[i.decision] ?? i.decision, i.by ?? '')}${i.note ? ` ("${oneLine(i.note)}")` : ''}` : i.flagged ? m.flaggedOpen : '-'
    process.stdout.write(
      `${String(i.row).padStart(5)}  ${String(i.sheetRow ?? '').padStart(6)}  ${L.outcomes[i.verdict].padEnd(14)} ${(i.confidence === null ? '-' : formatFixed(i.confidence, cliLang(), 4)).padStart(6)}  ${oneLine(i.nik ?? '-').padEnd(16)}  ${oneLine((i.name ?? '-').slice(0, 20)).padEnd(20)}  ${decision}\n`,
    )
  }
  process.stdout.write(m.decideWith(job.id) + '\n')
  return EXIT.ok
}
