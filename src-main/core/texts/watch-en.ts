import { formatNumber } from '../../contract/numbers'
import { formatRp } from '../../contract/rupiah'
import type { watchTextsId } from './watch-id'

/** What a watched folder says about the files it takes, in English (the same keys as watch-id.ts). */
export const watchTextsEn: typeof watchTextsId = {
  'watch.link': () => 'a symbolic link, not a file: rekap does not read the file it points to (it may lie outside this folder); copy the file itself into the folder',
  'watch.refused': (p) => `refused ${p.name}: ${p.why} (moved to gagal/)`,
  'watch.waits': (p) => `waiting ${p.name} (job ${p.job}): ${p.why}`,
  'watch.stillWaiting': (p) => `still waiting ${p.name} (job ${p.job}); see its note in proses/`,
  'watch.done': (p) => `done ${p.name} (job ${p.job}): ${p.report}`,
  'watch.cannotRun': (p) => `${p.name} (job ${p.job}) could not run: ${p.why}`,
  'watch.alreadyDone': (p) => `the same file was processed as job ${p.job} (${p.name}); not taken twice`,
  'watch.cancelled': (p) => `job ${p.job} was cancelled`,
  'watch.undecided': (p) => `the watcher stopped before deciding; run it with: rekap resume ${p.job}`,
  'watch.blocked': (p) => `job ${p.job} is blocked (${p.reason}); once solved: rekap resume ${p.job}`,
  'watch.empty': () => 'the workbook has no rows',
  'watch.tooManyFailing': (p) => `${p.pct}% of rows fail pre-flight, the preset allows ${p.limit}%`,
  'watch.overBudget': (p) => `cost up to ${formatRp(p.needed, 'en')} is over the preset budget ${formatRp(p.budget, 'en')}`,
  'watch.quotaShortfall': (p) => `needs ${formatNumber(p.needed, 'en')} hits, ${formatNumber(p.left, 'en')} left in the quota`,
  'watch.takenElsewhere': (p) => `${p.name} is taken by ${p.host} (another computer), still alive; left to it`,
  'watch.takenOver': (p) => `${p.name}: ${p.host}'s heartbeat has not moved for ${p.seconds} s; taken over`,
  'watch.claimTaken': (p) =>
    `${p.name}: taken over by ${p.host} (another computer) while this watcher was stalled; job ${p.job} paused before sending more rows, so none is sent and paid twice`,
  'watch.claimGone': (p) => `${p.name}: its claim is no longer in proses/ (taken or removed elsewhere); job ${p.job} paused before sending more rows`,
  'watch.claimLapsed': (p) =>
    `${p.name}: its claim's heartbeat could not be written for ${p.seconds} s (the computer asleep or the shared folder out of reach), so another computer may have taken it over; job ${p.job} paused before sending more rows. If none did: rekap resume ${p.job}`,
  'watch.stopped': (p) =>
    `${p.name}: the watcher was stopped before job ${p.job} was done; nothing more is sent. To go on: rekap resume ${p.job} (or watch the folder again: rekap watch ${p.dir})`,
  'watch.howToGoOn': (p) => `to run it anyway: rekap resume ${p.job} (with --budget or a bigger plan if needed)`,
  'watch.resumeTaken': (p) =>
    `job ${p.job} is not run here: ${p.name} in ${p.dir} is held by ${p.host} (another computer), which runs it as its own job; running it here would send and pay for the remaining rows twice. If that computer stops, rekap watch ${p.dir} takes it back and finishes this job; if it is not needed any more: rekap cancel ${p.job}`,
  'watch.resumeGone': (p) =>
    `job ${p.job} is not run here: the claim of ${p.name} is no longer in ${p.dir}/proses/ (another computer may have finished it, or the folder was moved or is out of reach), so nobody can be sure no one runs it. If ${p.name} is still in that folder, rekap watch ${p.dir} takes it back and finishes this job; if not: rekap cancel ${p.job}`,
  'watch.resumeUnwatched': (p) =>
    `job ${p.job} paused: the watcher on this computer that kept the claim of ${p.name} alive has ended, so another computer could take it over and pay for the same rows again. rekap resume ${p.job} takes the claim back and goes on (or rekap watch ${p.dir})`,
  // History's row: the short of why a watched job is not run here (the job screen says it whole)
  'watch.heldElsewhereShort': (p) => `held by ${p.host} (another computer)`,
  'watch.claimGoneShort': () => 'its claim is no longer in proses/',
}
