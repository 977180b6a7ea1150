/**
 * rekap review --team: the team's queue. Without --next/--item it lists the open pairs; --next
 * claims the next pair(s) for this reviewer; --item ID[,ID…] --decision D decides them. The decider
 * is the database role this desk connected as: --by is refused here (a typed name proves nothing).
 */
import { claimNext, decidePair, openQueue, openTeamSession, TeamReviewError, type TeamConfig, type TeamQueueItem, type TeamSession } from '../core/team'
import { asTeamCliError } from './team-cli-error'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { formatFixed } from '../contract/numbers'
import { coreMessage } from './core-message'
import { oneLine } from '../contract/one-line'

export interface TeamReviewOptions {
  json?: boolean
  next?: boolean
  count?: number
  claimMinutes?: number
  item?: string
  decision?: 'approve' | 'reject' | 'retake' | 'skip' | 'flag'
  note?: string
  by?: string
  row?: number
}

function itemIds(raw: string): number[] {
  const ids = raw.split(',').map((s) => s.trim())
  if (!ids.length || ids.some((s) => !/^\d+$/.test(s))) throw new CliError(t().team.review.badItems(raw), EXIT.usage)
  return ids.map(Number)
}

function checkOptions(job: string | undefined, o: TeamReviewOptions): void {
  const m = t().team.review
  if (o.by !== undefined) throw new CliError(m.noBy, EXIT.usage)
  if (job !== undefined || o.row !== undefined) throw new CliError(m.noJobRow, EXIT.usage)
  if (o.item !== undefined && !o.decision) throw new CliError(m.needsDecision, EXIT.usage)
  if (o.decision && o.item === undefined) throw new CliError(m.needsItem, EXIT.usage)
}

export async function teamReviewCommand(config: TeamConfig, job: string | undefined, o: TeamReviewOptions): Promise<number> {
  checkOptions(job, o)
  const session = await openTeamSession(config).catch((err: unknown) => {
    throw asTeamCliError(err)
  })
  try {
    if (o.item !== undefined) return await decide(session, itemIds(o.item), o)
    const items = o.next
      ? await claimNext(session.pool, { count: Math.max(1, Math.floor(o.count ?? 1)), claimSeconds: Math.round((o.claimMinutes ?? 10) * 60) })
      : await openQueue(session.pool)
    print(items, o.json === true, o.next === true)
    return EXIT.ok
  } catch (err) {
    if (err instanceof TeamReviewError) throw new CliError(coreMessage(err), EXIT.usage)
    throw asTeamCliError(err)
  } finally {
    await session.close()
  }
}

async function decide(session: TeamSession, ids: number[], o: TeamReviewOptions): Promise<number> {
  for (const id of ids) {
    const d = await decidePair(session.pool, { itemId: id, decision: o.decision!, note: o.note, desk: session.desk })
    process.stdout.write(t().team.review.recorded(d.itemId, d.desk, d.jobId, d.rowNo, d.decision, d.decider) + '\n')
  }
  return EXIT.ok
}

function print(items: TeamQueueItem[], json: boolean, claimed: boolean): void {
  if (json) {
    const doc = items.map((i) => ({
      ...i,
      photoA: i.photoA ? i.photoA.toString('base64') : null,
      photoB: i.photoB ? i.photoB.toString('base64') : null,
    }))
    process.stdout.write(JSON.stringify({ items: doc }, null, 2) + '\n')
    return
  }
  const m = t().team.review
  if (!items.length) {
    process.stdout.write((claimed ? m.nothingToClaim : m.empty) + '\n')
    return
  }
  for (const i of items) {
    const score = i.confidence === null ? '-' : formatFixed(i.confidence, cliLang(), 4)
    process.stdout.write(
      `${String(i.id).padStart(6)}  ${oneLine(i.desk).padEnd(12)} ${i.jobId.padEnd(10)} ${String(i.rowNo).padStart(5)}  ${i.serviceVerdict.padEnd(12)} ${score.padStart(6)}  ${oneLine(i.label.nik ?? '-').padEnd(16)}  ${oneLine((i.label.name ?? '-').slice(0, 20)).padEnd(20)}  ${i.claimedBy ? m.claimedBy(i.claimedBy) : ''}\n`,
    )
  }
  process.stdout.write(m.decideWith + '\n')
}
