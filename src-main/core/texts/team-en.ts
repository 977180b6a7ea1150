import type { teamTextsId } from './team-id'

/** Core texts of team mode in English: the same keys and parameters as team-id.ts. */
export const teamTextsEn: { [K in keyof typeof teamTextsId]: (p: Parameters<(typeof teamTextsId)[K]>[0]) => string } = {
  'team.badUrl': (p) => `"${p.value}" is not a PostgreSQL address (expected postgres://role@host:5432/database?sslmode=verify-full)`,
  'team.passwordInUrl': () =>
    'no password in the team address (it would show in the process list and shell history): use --team-password-file FILE, PGPASSWORD or ~/.pgpass',
  'team.needsTls': (p) =>
    `the team server ${p.host} is not this machine, and without TLS that checks its certificate the password and decisions cross the network unprotected: add ?sslmode=verify-full (and sslrootcert=FILE if its CA is not a system CA), or allow it explicitly with --team-insecure`,
  'team.badSslMode': (p) => `sslmode=${p.mode} is not known (disable, require, verify-ca, verify-full)`,
  'team.unreachable': (p) => `team store unreachable (${p.target}): ${p.reason}`,
  'team.jobWaiting': (p) => `job ${p.job}: team store unreachable (${p.detail}); waiting for it`,
  'team.noAnswer': (p) => (p.ms === null ? 'no answer' : `no answer in ${p.ms} ms`),
  'team.connectionLost': (p) => `the connection to the team store was lost: ${p.reason}`,
  'team.leaseLapsed': () => "this desk's lease lapsed and the team released its reservation",
  'team.refused': (p) => `the team store ${p.target} refused the connection: ${p.reason}`,
  'team.passwordFile': (p) => `--team-password-file ${p.file}: cannot read it (${p.reason})`,
  'team.passwordFileEmpty': (p) => `--team-password-file ${p.file} is empty`,
  'team.schemaNewer': (p) =>
    `the team store's schema is version ${p.found} and this rekap knows versions up to ${p.known}: update rekap on this desk; nothing was changed`,
  'team.schemaOlder': (p) => `the team store's schema is version ${p.found} and this rekap needs version ${p.known}: run rekap team init`,
  'team.notInitialised': () => 'the team store is not set up yet: run rekap team init',
  'team.makerChecker': (p) =>
    `four eyes: ${p.role} ran job ${p.job}, so cannot approve its own pairs; ask another reviewer`,
  'team.notClaimed': (p) => `pair ${p.item} is not claimed by you (the claim expired or another reviewer took it): take the next pair`,
  'team.alreadyDecided': (p) => `pair ${p.item} is already decided (${p.decision} by ${p.by}); decisions are only appended, never changed`,
  'team.noItem': (p) => `there is no pair ${p.item} in the team queue`,
  'team.tlsUntrusted': (p) =>
    `the team store ${p.target} was refused: its certificate is not signed by a CA this desk trusts (${p.reason}); give the CA that signed it as sslrootcert=FILE in the team address`,
  'team.tlsWrongName': (p) =>
    `the team store ${p.target} was refused: its certificate is not for the host name ${p.host} (${p.reason}); use the name the certificate was made for in the team address`,
  'team.notJoined': () => 'this desk has not joined a team (Settings → Team)',
  'team.noDesk': () => 'no desk name: give --desk NAME or Settings → Team',
  'team.hitsNotLowered': (p) =>
    `the team has already counted ${p.team} ${p.product} hits this month, more than the ${p.stated} stated: a team's count is never lowered (every desk's requests are in it); it stays ${p.team}`,
}
