/**
 * The Review screen's side of the IPC contract (ipc.ts): decisions, the queue of a face-match job, one pair.
 */
import { z } from 'zod'
import type { Verdict } from './verdicts'

export const reviewDecisionSchema = z.enum(['approve', 'reject', 'retake', 'skip', 'flag'])
export type ReviewDecisionView = z.infer<typeof reviewDecisionSchema>

/** A row's verdict (core/verdict.ts, the one rule); its words are VERDICT_WORDS (contract/verdicts.ts). */
export type VerdictView = Verdict

export interface ReviewEntryView {
  seq: number
  decision: ReviewDecisionView
  reviewer: string
  note: string | null
  at: number
  serviceVerdict: VerdictView | null
  serviceConfidence: number | null
}

export interface ReviewItemView {
  rowNo: number
  verdict: VerdictView
  confidence: number | null
  flagged: boolean
  /** still waiting for a decision */
  open: boolean
  skipped: boolean
  final: ReviewEntryView | null
}

export interface ReviewQueueView {
  jobId: string
  reviewed: number
  total: number
  items: ReviewItemView[]
  /** who signs decisions (null: set it in Settings first) */
  reviewerName: string | null
  /** true when reviewerName is the team's database role (authenticated), not a typed name */
  teamSigned?: boolean
}

export interface ReviewPairView {
  rowNo: number
  sourceRow: number | null
  nik: string | null
  name: string | null
  verdict: VerdictView
  confidence: number | null
  reviewBand: [number, number] | null
  entries: ReviewEntryView[]
}
