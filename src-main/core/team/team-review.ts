/**
 * The team review queue: doubtful pairs of every desk in one table, claimed by one reviewer at a
 * time (`FOR UPDATE SKIP LOCKED`: two reviewers never get the same pair; a claim expires), decided
 * append-only. Who decided is the database role (a trigger writes current_user); four eyes is a
 * trigger too, so no desk can decide around it.
 */
import type pg from 'pg'
import { coreText, TextError } from '../texts/core-text'

export class TeamReviewError extends TextError {
  override readonly name = 'TeamReviewError'
}

export type TeamDecision = 'approve' | 'reject' | 'retake' | 'skip' | 'flag'
/** decisions that settle a pair; skip and flag put it back in the queue for someone else */
const CLOSING: readonly TeamDecision[] = ['approve', 'reject', 'retake']

export interface TeamQueueItem {
  id: number
  desk: string
  jobId: string
  rowNo: number
  pairHash: string | null
  serviceVerdict: string
  confidence: number | null
  label: { nik?: string | null; name?: string | null; sourceRow?: number | null }
  photoA: Buffer | null
  photoB: Buffer | null
  operator: string
  claimedBy: string | null
  claimedUntil: string | null
}

export interface NewQueueItem {
  rowNo: number
  pairHash: string | null
  serviceVerdict: string
  confidence: number | null
  label: TeamQueueItem['label']
  photoA: Buffer | null
  photoB: Buffer | null
}

const COLUMNS = `id, desk, job_id, row_no, pair_hash, service_verdict, confidence, label, photo_a, photo_b, operator, claimed_by, claimed_until`

function item(r: Record<string, unknown>): TeamQueueItem {
  return {
    id: Number(r.id), desk: r.desk as string, jobId: r.job_id as string, rowNo: r.row_no as number, pairHash: r.pair_hash as string | null,
    serviceVerdict: r.service_verdict as string, confidence: r.confidence as number | null, label: r.label as TeamQueueItem['label'],
    photoA: r.photo_a as Buffer | null, photoB: r.photo_b as Buffer | null, operator: r.operator as string,
    claimedBy: r.claimed_by as string | null, claimedUntil: r.claimed_until ? new Date(r.claimed_until as string).toISOString() : null,
  }
}

/** Puts a job's doubtful pairs in the queue (a pair already there stays as it is). Returns how many were new. */
export async function enqueuePairs(pool: pg.Pool, desk: string, jobId: string, pairs: NewQueueItem[]): Promise<number> {
  let added = 0
  for (const p of pairs) {
    const r = await pool.query(
      `INSERT INTO rekap.review_items (desk, job_id, row_no, pair_hash, service_verdict, confidence, label, photo_a, photo_b)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (desk, job_id, row_no) DO NOTHING`,
      [desk, jobId, p.rowNo, p.pairHash, p.serviceVerdict, p.confidence, JSON.stringify(p.label), p.photoA, p.photoB],
    )
    added += r.rowCount ?? 0
  }
  return added
}

/** Open pairs (not settled), oldest first, with who holds a live claim on each. */
export async function openQueue(pool: pg.Pool, opts: { limit?: number } = {}): Promise<TeamQueueItem[]> {
  const r = await pool.query(
    `SELECT ${COLUMNS} FROM rekap.review_items WHERE closed_at IS NULL ORDER BY id LIMIT $1`,
    [opts.limit ?? 1000],
  )
  return r.rows.map(item)
}

/** Restricts a claim to one published job (the per-job Review screen); `later` rows are offered last (passed over). */
export interface ClaimJobFilter {
  desk: string
  jobId: string
  later?: number[]
}

/**
 * Claims up to `count` open pairs nobody holds (or whose claim expired) for `claimSeconds`. With
 * four eyes on, a reviewer is not handed the pairs of jobs they ran. `job` narrows the claim to one
 * published job: the same rule for `rekap review --team`, the Team screen and the job's Review screen.
 */
export async function claimNext(
  pool: pg.Pool,
  opts: { count?: number; claimSeconds?: number; job?: ClaimJobFilter } = {},
): Promise<TeamQueueItem[]> {
  const r = await pool.query(
    `WITH four_eyes AS (
       SELECT coalesce((SELECT value = 'true'::jsonb FROM rekap.settings WHERE key = 'maker_checker'), false) AS enabled),
     next AS (
       SELECT id FROM rekap.review_items
        WHERE closed_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
          AND NOT ((SELECT enabled FROM four_eyes) AND operator = current_user)
          AND ($3::text IS NULL OR (desk = $3 AND job_id = $4))
        ORDER BY row_no = ANY($5::int[]), id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE rekap.review_items r
        SET claimed_by = current_user, claim_token = gen_random_uuid(), claimed_until = now() + make_interval(secs => $2)
       FROM next WHERE r.id = next.id
     RETURNING ${COLUMNS.split(', ').map((c) => 'r.' + c).join(', ')}`,
    [opts.count ?? 1, opts.claimSeconds ?? 600, opts.job?.desk ?? null, opts.job?.jobId ?? null, opts.job?.later ?? []],
  )
  return r.rows.map(item).sort((a, b) => a.id - b.id)
}

/** Why a pair could not be decided: it is not there, already settled, or someone else holds it. */
async function refusal(client: pg.PoolClient, id: number): Promise<TeamReviewError> {
  const r = await client.query(`SELECT closed_at, claimed_by FROM rekap.review_items WHERE id = $1`, [id])
  if (!r.rows.length) return new TeamReviewError(coreText('team.noItem', { item: id }))
  if (r.rows[0].closed_at) {
    const d = await client.query(`SELECT decision, decider FROM rekap.decisions WHERE item_id = $1 ORDER BY id DESC LIMIT 1`, [id])
    return new TeamReviewError(coreText('team.alreadyDecided', { item: id, decision: d.rows[0]?.decision ?? '?', by: d.rows[0]?.decider ?? '?' }))
  }
  return new TeamReviewError(coreText('team.notClaimed', { item: id }))
}

export interface RecordedTeamDecision {
  itemId: number
  decision: TeamDecision
  decider: string
  desk: string
  jobId: string
  rowNo: number
}

/**
 * Decides one pair in one transaction: the pair must be open and held by this role (or held by
 * nobody: then the decision takes it), the decision row is appended (decider = current_user, four
 * eyes checked by the database), and a settling decision closes the pair so nobody decides it again.
 */
export async function decidePair(
  pool: pg.Pool,
  input: { itemId: number; decision: TeamDecision; note?: string; desk: string },
): Promise<RecordedTeamDecision> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const taken = await client.query(
      `UPDATE rekap.review_items
          SET closed_at = CASE WHEN $2 THEN now() ELSE NULL END, claimed_by = NULL, claim_token = NULL, claimed_until = NULL
        WHERE id = $1 AND closed_at IS NULL
          AND (claimed_by = current_user OR claimed_until IS NULL OR claimed_until < now())
        RETURNING desk, job_id, row_no`,
      [input.itemId, CLOSING.includes(input.decision)],
    )
    if (!taken.rows.length) throw await refusal(client, input.itemId)
    const ins = await client.query(
      `INSERT INTO rekap.decisions (item_id, decision, note, desk) VALUES ($1, $2, $3, $4) RETURNING decider`,
      [input.itemId, input.decision, input.note ?? null, input.desk],
    )
    await client.query('COMMIT')
    const t = taken.rows[0]
    return { itemId: input.itemId, decision: input.decision, decider: ins.rows[0].decider, desk: t.desk, jobId: t.job_id, rowNo: t.row_no }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    const e = err as { code?: string; detail?: string }
    if (e.code === 'RK001') {
      const who = await pool.query('SELECT current_user::text AS role')
      throw new TeamReviewError(coreText('team.makerChecker', { job: e.detail ?? '?', role: who.rows[0].role }))
    }
    throw err
  } finally {
    client.release()
  }
}

/** The queue's item of one pair a desk published (desk, job, row), or null (not on the queue). */
export async function queueItemOf(pool: pg.Pool, pair: { desk: string; jobId: string; rowNo: number }): Promise<number | null> {
  const r = await pool.query(`SELECT id FROM rekap.review_items WHERE desk = $1 AND job_id = $2 AND row_no = $3`, [pair.desk, pair.jobId, pair.rowNo])
  return r.rows.length ? Number(r.rows[0].id) : null
}

/** Whether a desk published this job's pairs to the queue (else its Review screen stays the desk's own). */
export async function jobOnQueue(pool: pg.Pool, job: { desk: string; jobId: string }): Promise<boolean> {
  const r = await pool.query(`SELECT 1 FROM rekap.review_items WHERE desk = $1 AND job_id = $2 LIMIT 1`, [job.desk, job.jobId])
  return r.rows.length > 0
}

/** Gives claimed pairs back to the queue at once (a reviewer closing the screen). */
export async function releaseClaims(pool: pg.Pool, itemIds: number[]): Promise<void> {
  await pool.query(
    `UPDATE rekap.review_items SET claimed_by = NULL, claim_token = NULL, claimed_until = NULL
      WHERE id = ANY($1) AND claimed_by = current_user AND closed_at IS NULL`,
    [itemIds],
  )
}
