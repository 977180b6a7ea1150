/** The WHERE clause of a filtered page of a job's rows (state, verdict groups, charged, text, paging key). */
import type { RowState } from '../model/row-state'
import { OUTCOMES, type Outcome, type OutcomeGroup } from './row-outcomes'

export interface RowFilter {
  states?: RowState[]
  /**
   * only rows in one of these groups, `band` deciding whether a score is inside the review band:
   * a verdict filter (core/verdict.ts `verdictGroups` gives the groups of one verdict)
   */
  groups?: { of: OutcomeGroup[]; band: [number, number] | null }
  charged?: boolean
  /** matches the user's own columns and the error text */
  text?: string
  /** only rows after this one: pages through a big job by key, where OFFSET would rescan every earlier row */
  afterRowNo?: number
}

export function rowFilterSql(jobId: string, f: RowFilter): { where: string; args: unknown[] } {
  const where = ['r.job_id = ?']
  const args: unknown[] = [jobId]
  if (f.states?.length) {
    where.push(`r.state IN (${f.states.map(() => '?').join(',')})`)
    args.push(...f.states)
  }
  if (f.afterRowNo !== undefined) (where.push('r.row_no > ?'), args.push(f.afterRowNo))
  if (f.groups) {
    const g = groupsSql(f.groups.of, f.groups.band)
    where.push(g.sql)
    args.push(...g.args)
  }
  if (f.charged !== undefined) (where.push('r.charged = ?'), args.push(f.charged ? 1 : 0))
  if (f.text) {
    const like = '%' + f.text.replace(/[\\%_]/g, (m) => '\\' + m) + '%'
    where.push("(r.input_json LIKE ? ESCAPE '\\' OR r.error_message LIKE ? ESCAPE '\\')")
    args.push(like, like)
  }
  return { where: where.join(' AND '), args }
}

/** 1 when the row's score lies inside the review band [low, high] (inclusive, as core/verdict.ts inReviewBand), else 0. */
export function inBandSql(band: [number, number] | null): { sql: string; args: unknown[] } {
  if (!band) return { sql: '0', args: [] }
  return { sql: '(CASE WHEN res.confidence IS NOT NULL AND res.confidence >= ? AND res.confidence <= ? THEN 1 ELSE 0 END)', args: [band[0], band[1]] }
}

/**
 * Rows in any of `groups`, as one SQL condition. Groups that differ only in the band, or a state
 * with every outcome, are written once, so a verdict's condition stays short.
 */
function groupsSql(groups: OutcomeGroup[], band: [number, number] | null): { sql: string; args: unknown[] } {
  if (!groups.length) return { sql: '0', args: [] }
  const inBand = inBandSql(band)
  const byState = new Map<RowState, Map<Outcome | null, Set<boolean>>>()
  for (const g of groups) {
    const outcomes = byState.get(g.state) ?? byState.set(g.state, new Map()).get(g.state)!
    ;(outcomes.get(g.outcome) ?? outcomes.set(g.outcome, new Set()).get(g.outcome)!).add(g.inBand)
  }
  const terms: string[] = []
  const args: unknown[] = []
  for (const [state, outcomes] of byState) {
    const every = outcomes.size === OUTCOMES.length + 1 && [...outcomes.values()].every((b) => b.size === 2)
    if (every) {
      terms.push('r.state = ?')
      args.push(state)
      continue
    }
    for (const [outcome, bands] of outcomes) {
      const term = ['r.state = ?', 'res.outcome IS ?']
      args.push(state, outcome)
      if (bands.size === 1) {
        term.push(`${inBand.sql} = ?`)
        args.push(...inBand.args, bands.has(true) ? 1 : 0)
      }
      terms.push(`(${term.join(' AND ')})`)
    }
  }
  return { sql: `(${terms.join(' OR ')})`, args }
}
