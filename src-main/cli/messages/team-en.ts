import type { teamId } from './team-id'

/** What `rekap team …` and the team options say, in English: the same keys as team-id.ts. */
export const teamEn: typeof teamId = {
  initDone: (target, from, to) =>
    from === to ? `team store ${target}: schema already at version ${to}; nothing changed` : `team store ${target}: schema version ${from} → ${to}`,
  joined: (desk, role) => `desk "${desk}" joined as role ${role}`,
  noTeam: 'this command needs the team store: give --team postgres://… or set REKAP_TEAM',
  statusHead: (target, month) => `team ${target} · month ${month}`,
  desks: 'desks',
  desk: (name, host, seen, role) => `  ${name} (${host}), last seen ${seen} as ${role}`,
  operators: 'operators (database roles)',
  operator: (role, desks) => `  ${role}: ${desks}`,
  running: 'running jobs',
  job: (desk, job, kind, state, done, total, op) => `  ${desk} ${job} ${kind} ${state} ${done}/${total} (${op})`,
  none: '  (none)',
  money: (spent, charges, reuses) => `this month: ${spent} spent, ${charges} charges, ${reuses} reuses`,
  notYet: 'not available yet (no coordination tables)',
  budgetLeft: (v) => `team budget left: ${v}`,
  hits: (v) => `hits this month: ${v}`,
  rate: (v) => `rate in use: ${v}`,
  makerChecker: (on) => `four eyes (a maker cannot approve their own pairs): ${on ? 'on' : 'off'}`,
  settingsDone: (on) => `four eyes is now ${on ? 'on' : 'off'} for the whole team`,
  insecureWarning: 'rekap: warning: --team-insecure: the connection to the team store does not check the server certificate\n',
  published: (job, state, desk, pairs) => `job ${job} (${state}) published from desk ${desk}; ${pairs} new pair(s) in the team queue`,
  review: {
    badItems: (raw) => `--item "${raw}": pair numbers, comma-separated (e.g. 12 or 12,13)`,
    noBy: 'in the team queue the decider is the database role you signed in as, not a typed name: drop --by',
    noJobRow: 'the team queue holds the pairs of every desk: use --next or --item ID, not a job or --row',
    needsDecision: '--item needs --decision approve|reject|retake|skip|flag',
    needsItem: '--decision needs --item ID (the pair to decide; take one with --next)',
    recorded: (item, desk, job, row, decision, by) => `pair ${item} (desk ${desk}, job ${job}, row ${row}): ${decision} by ${by} recorded`,
    empty: 'the team queue is empty: no pair is waiting',
    nothingToClaim: 'no pair to take (all are decided or claimed by another reviewer)',
    claimedBy: (role) => `claimed by ${role}`,
    decideWith: 'take with: rekap review --team … --next; decide with: rekap review --team … --item ID --decision approve|reject|retake [--note TEXT]',
  },
}
