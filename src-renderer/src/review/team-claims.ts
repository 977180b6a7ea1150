/**
 * The per-job Review screen in a team (issue 22): when the job is published to the team, the
 * next pair is claimed on the team's queue (review.claim: the same claim as `rekap review --team`),
 * so two reviewers of the same job are never shown the same pair. A skipped pair is given back
 * by the decision itself and offered to this screen last; moving away from a claimed pair or
 * leaving the screen releases it (and a claim lapses by itself if the window just closes).
 * Out of a team, or for a job not on the team's queue, the screen keeps its own order.
 */
import { ref } from 'vue'
import type { ReviewDecisionView } from '../../../src-main/contract/ipc'
import { getApi } from '../api'

/** A row to show, null when every open pair is held by someone else, undefined when claims are not in use. */
export type ClaimedRow = number | null | undefined

export function useTeamClaims(jobId: () => string) {
  let active = false
  let held: number | null = null
  const passed: number[] = []
  /** every open pair of the job is held by another reviewer (or decided) */
  const noneFree = ref(false)

  async function claim(): Promise<ClaimedRow> {
    const c = await getApi().review.claim({ jobId: jobId(), later: passed.length ? [...passed] : undefined })
    if (!c) {
      active = false
      return undefined
    }
    active = true
    held = c.rowNo
    noneFree.value = c.rowNo === null
    return c.rowNo
  }

  return {
    noneFree,
    /** on opening the screen: only a team-signed screen asks the team */
    start: (teamSigned: boolean | undefined): Promise<ClaimedRow> => (teamSigned ? claim() : Promise.resolve(undefined)),
    /** after a decision on `rowNo`: the team's queue already settled it or took it back (skip, flag) */
    async afterDecision(rowNo: number, decision: ReviewDecisionView): Promise<ClaimedRow> {
      if (!active) return undefined
      if (held === rowNo) held = null
      if ((decision === 'skip' || decision === 'flag') && !passed.includes(rowNo)) passed.push(rowNo)
      return claim()
    },
    /** moving to another pair or leaving the screen: give the held pair back */
    leave(to?: number): void {
      if (held === null || held === to) return
      const rowNo = held
      held = null
      void getApi().review.release({ jobId: jobId(), rowNo }).catch(() => undefined)
    },
  }
}
