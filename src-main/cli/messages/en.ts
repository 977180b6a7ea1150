import { formatRp } from '../../contract/rupiah'
import { formatNumber } from '../../contract/numbers'
import { teamEn } from './team-en'
import { teamMoneyEn } from './team-money'
import { renderCoreText, type CoreText } from '../../core/texts/core-text'
import { helpEn } from './help-en'
// the report's own sheet names: the CLI points at the sheet the file really has
import { labelsFor } from '../../core/reports/labels'
import type { CliMessages } from './id'

const RETRY_KINDS_EN: Record<string, string> = {
  'rate-limited': 'rate-limited (429)',
  server: 'service error (5xx)',
  timeout: 'the service did not answer in time',
  network: 'could not reach the service',
  protocol: "the service's answer does not follow the spec",
}

/** English texts; the same keys as id.ts (the CliMessages type enforces it). */
export const en: CliMessages = {
  rp: (n) => formatRp(n, 'en'),
  core: (text) => renderCoreText(text, 'en'),
  help: helpEn,
  team: teamEn,
  teamMoney: teamMoneyEn,

  usage: {
    unknownOption: (flag, suggestion) => `unknown option ${flag}${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
    unknownCommand: (name, suggestion) => `unknown command "${name}"${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
    badChoice: (flag, value, choices) => `${flag} "${value}" is not one of: ${choices}`,
    badValue: (flag, reason) => `${flag}: ${reason}`,
    missingArgument: (name) => `missing argument <${name}>`,
    optionMissingValue: (flag) => `${flag} needs a value`,
    requiredOption: (flag) => `required option ${flag} is missing`,
    tooManyArguments: (expected, got) => `too many arguments (expected ${expected}, got ${got})`,
    conflicting: (text) => `options that cannot be used together: ${text}`,
    hint: (command) => `see: ${command} --help`,
    notAnAmount: (v) => `"${v}" is not an amount in Rupiah (e.g. 150000 or 150,000)`,
    notPositive: (v) => `"${v}" must be a positive number`,
    tooBig: (flag, max) => `${flag}: at most ${max} (characters or codes)`,
    notANumber: (flag, v) => `${flag} must be a number, got "${v}"`,
    dataDirLacks: (dir, file) => `--data-dir ${dir} has no ${file}`,
    badBand: (v) => `"${v}" must be two scores low,high between 0 and 1, e.g. 0.45,0.55`,
    unknownKind: (kind, kinds) => `--kind ${kind}: the kinds are ${kinds}`,
    onlyWithPrune: (flag) => `${flag} only works with --prune`,
    notWithPrune: (flag) => `${flag} does not work with --prune`,
    notWholeNumber: (v) => `"${v}" must be a whole number >= 0`,
    badShare: (v) => `"${v}": expected a share between 0 and 1, or a percentage (10%)`,
    badHitsUsed: (v) => `"${v}": expected product=hits, e.g. schools=9500 (products: schools, regional, hospitals)`,
    badCodes: (flag, value, digits, example) => `${flag} "${value}": codes have ${digits} digits, comma-separated (e.g. ${example})`,
  },

  cannotOpenDb: (file, reason) => `cannot open the rekap data file ${file}: ${reason}`,
  noDataFile: (file) => `no rekap data file at ${file}; run a job first or pass --db`,
  needsKey: 'this job talks to the real service and needs an API key: pass --key or set REKAP_API_KEY',
  keyWithoutBaseUrl: 'an API key was given but no --base-url: say which service to call (--base-url https://…)',
  usingSandbox: 'rekap: no --base-url or API key given: using the embedded SANDBOX (local, no network, nothing is charged)',

  guessedKind: (kind, sheet) => `job kind (guessed from the columns of sheet "${sheet}"): ${kind}; override with --kind`,
  mapping: (pairs) => `columns: ${pairs}; override with --map field="Header"`,
  mappingPair: (field, header) => `${field} ← "${header}"`,
  cannotGuessKind: (file, sheet, headers, kinds) =>
    `cannot tell what kind of job ${file} (sheet "${sheet}") is from its columns (${headers}); pass --kind (${kinds})`,
  otherSheetsFit: (sheets) => `sheets that would fit: ${sheets}; choose one with --sheet "NAME"`,
  sheetFits: (sheet, kind) => `"${sheet}" (${kind})`,

  preflight: (total, ok, failing, dups) =>
    `pre-flight: ${total} rows, ${ok} OK, ${failing} failing locally (free), ${dups} duplicate(s) reused`,
  andMore: (n) => `… and ${n} more`,
  cellWarnings: (n) => `${n} cell(s) to check before paying (their rows are still sent):`,
  outsidePaths: (n) => `${n} photo path(s) outside the workbook's folder will be read and sent (allowed by --allow-outside-paths):`,
  plan: (calls, cached, cost, eta, quota, sandbox, lowerBound = false) =>
    `plan: ${formatNumber(calls, 'en')} call(s), ${formatNumber(cached, 'en')} from cache, cost ${cost}, ${lowerBound ? 'at least' : 'about'} ${eta}, quota ${quota}${sandbox ? ' [SANDBOX]' : ''}`,
  costAtMost: (rp) => `at most ${formatRp(rp, 'en')} (failures are free)`,
  quotaUnlimited: 'unlimited',
  reusedPairs: (n: number, jobs: string) => `reused: ${n} pair(s) already verified in job ${jobs} (free, not sent again; --reuse-days 0 turns this off)`,
  // only what may be done to that job now (a done job is not resumed; a draft has no report yet)
  earlierRun: (job: string, state: string, may: { report: boolean; resume: boolean }) =>
    `this workbook (same SHA-256) was already planned as job ${job} (${state})` +
    (may.report ? `: its report is \`rekap export ${job} --out F\`` : '') +
    (may.resume ? `; to continue it instead: rekap resume ${job}` : ''),
  quotaLeft: (n) => `${formatNumber(n, 'en')} hits left this month`,
  estimate: (unit, basis, probed) =>
    unit === 'pages'
      ? `estimated in pages (100 records each): ${
          basis === 'cache'
            ? 'from the cache (record counts of earlier fetches)'
            : basis === 'first-page'
              ? `the first page of ${probed} quer${probed === 1 ? 'y' : 'ies'} was read to count pages (kept, not fetched again)`
              : basis === 'sample'
                ? `the first page of ${probed} queries was read, the others estimated from their average`
                : 'page counts unknown (1 per query)'
        }`
      : basis === 'region-tree'
        ? 'counted on the local copy of the region tree'
        : '',
  warning: (code, needed, available, fits, raise) =>
    code === 'quota-shortfall'
      ? `WARNING quota-shortfall: this job may need ${needed} hits and ${available} are left this month. Choices: raise the plan${raise ? ` (${raise})` : ''}, split the sheet, or run what fits (${fits}); rekap stops before the quota is passed.`
      : code === 'budget-shortfall'
        ? `WARNING budget-shortfall: this job may cost up to Rp${needed} and the budget leaves Rp${available} (${fits} verifications). Choices: raise --budget, split the sheet, or run what fits; rekap stops before the budget is passed.`
        : `WARNING balance-shortfall: this job may cost up to Rp${needed} and the stated balance is Rp${available} (${fits} verifications). Choices: top up and state --balance, split the sheet, or run what fits; rekap stops before the balance is used up.`,
  dryRun: (job) => `dry run: nothing was sent. Start it later with: rekap resume ${job}`,
  confirmCost: (rp) => `This run may cost up to ${formatRp(rp, 'en')}. Start it? [y/N] `,
  yesAnswer: /^y(es)?$/i,
  notStarted: (job) => `not started: nothing was sent, nothing charged. Start it later with: rekap resume ${job}`,
  noTerminal: 'this run costs money and there is no terminal to confirm on: add --yes to accept the estimate',

  progress: {
    rows: (job, finished, total) => `job ${job}: ${finished}/${total} rows`,
    done: (n) => `${n} done`,
    failed: (n) => `${n} failed`,
    uncertain: (n) => `${n} uncertain`,
    rate: (r) => `${r}/s`,
    measuring: 'measuring the pace…',
    spent: (rp) => `spent ${formatRp(rp, 'en')}`,
    eta: (t) => `ETA ${t}`,
    bar: ' {bar} {value}/{total} | {done} done, {failed} failed | {rate}/s | {spent} | ETA {eta_text}',
  },
  pausing: (job) => `pausing job ${job}: requests in flight finish and are recorded…`,
  report: (path) => `report: ${path}`,
  reportNotWritten: (job) => `job ${job} is kept in the data file; write its report to a folder that exists with: rekap export ${job} --out <file.xlsx>`,
  blocked: (reason, detail) => `BLOCKED (${reason}): ${detail}`,
  blockedWhat: {
    'needs-top-up': 'the balance or budget is used up: top up (or raise --budget/--balance), then',
    'quota-exhausted': "this month's hit quota is used up: raise the plan (--school-plan, --regional-plan or --hospital-plan on resume) or wait for the next month, then",
    'auth-failed': 'the service refused the API key: fix it (--key or REKAP_API_KEY), then',
    offline: 'the service cannot be reached: check the connection, then',
    'team-unreachable': 'the team store cannot be reached: check it (rekap team status), then',
  },
  resumeWith: (job) => `resume with: rekap resume ${job}`,
  resumeWithKey: (job) => `resume with: rekap resume ${job} --key KEY (or set REKAP_API_KEY)`,
  paused: (job) => `paused. Resume with: rekap resume ${job}`,
  uncertainRows: (n, job) =>
    `${n} row(s) are UNCERTAIN: the request was in flight when it was cut off and may have been charged. ` +
    `Re-send them (they may be charged twice) with: rekap resume ${job} --resend-uncertain`,
  failedHeader: (n) => `${n} row(s) failed (not charged):`,
  failedLine: (where, reason) => `  ${where}: ${reason}`,
  rowAt: (row) => `row ${row}`,
  failedMore: (n, job) => `  … and ${n} more (see the report's "${labelsFor('en').sheets.errors}" sheet: rekap export ${job} --out report.xlsx)`,
  retryFailedHint: (job) => `fix them, then send the failed rows again with: rekap retry-failed ${job}`,
  workbookSincePlan: (job: string, file: string, how: 'changed' | 'missing') =>
    `note: ${file} ${how === 'changed' ? 'changed' : 'is gone'} since job ${job} read it: retry-failed sends the rows as they were read then (photo files are read again, cells are not); for the workbook as it is now, run it again: rekap run <file>`,

  retries: (retries, backoffs429, waitText) => `retries: ${retries}; rate-limited by the service (429): ${backoffs429} time(s), ${waitText} of back-off summed over rows`,
  logLevel: { debug: 'debug', info: 'info', warn: 'warn', error: 'error' },
  retryLine: (row, kind, waitMs) => `row ${formatNumber(row, 'en')}: ${RETRY_KINDS_EN[kind] ?? kind}, retry in ${formatNumber(waitMs, 'en')} ms`,

  sandboxLines: {
    key: 'key',
    adminToken: 'admin token',
    data: 'data',
    keysGiven: (n) => `${n} given (--key-file, REKAP_SANDBOX_KEYS or --key); not printed`,
    realData: (dir) => `real CSVs from ${dir}`,
    seedData: (seed) => `sandbox data generated from seed ${seed}`,
    started: (source, ms) => `${source}; started in ${formatNumber(ms, 'en')} ms`,
    faceEngine: (n) => `face engine: ${n} worker thread${n === 1 ? '' : 's'}, each with its own copy of the models, loaded on the first face-match request (REKAP_SANDBOX_FACE_WORKERS sets how many)`,
    stopped: 'rekap sandbox stopped',
  },
  blockedShort: { 'needs-top-up': 'balance or budget used up', 'quota-exhausted': 'quota used up', 'auth-failed': 'key refused', offline: 'service unreachable', 'team-unreachable': 'team store unreachable' },
  noJobs: 'no jobs yet. Start one with: rekap run <file>',
  // rows sent without a recorded answer, when there are any (an interrupted job's: may have been charged)
  jobsRow: (c) =>
    `${String(c.done).padStart(6)} done ${String(c.failed).padStart(5)} failed ${String(c.uncertain).padStart(4)} uncertain ${String(c.pending).padStart(6)} pending` +
    (c.inFlight ? ` ${c.inFlight} sent, no answer` : ''),
  noJob: (prefix, file) => `no job "${prefix}" in ${file}; list them with: rekap jobs`,
  wasCancelled: (job) => `job ${job} was cancelled; start a new one with: rekap run <file>`,
  cancelled: (job) => `cancelled. What was done is kept; export it with: rekap export ${job} --out report.xlsx`,

askedOwner: (pid, host, action) =>
    `asked the rekap process running it (pid ${pid} on ${host}) to ${action}; requests on the wire finish and are recorded…`,
  ownerNotYet: (state) => `the owner has not stopped yet (state ${state}); it will when it reads the request`,
  hitsUsed: (product, used, left) => `${product}: ${used} hits used this month (stated)${left ? `, ${left.left} of ${left.quota} left` : ''}`,

  ui: {
    notANumber: (name, raw) => `--${name} must be a number >= 0, got "${raw}"`,
    badPort: '--port must be an integer from 0 to 65535',
    building: 'rekap ui: the interface is not built yet; building it once (npx electron-vite build)…',
    buildFailed: (problem) => `${problem}. Build it with \`npx electron-vite build\`, then run rekap ui again.`,
    tlsPair: '--tls-cert and --tls-key go together: give both files (PEM)',
    tlsUnreadable: (why) => `cannot read the TLS certificate or key (${why})`,
    notLoopback: (host) =>
      `--host ${host} is not a loopback address: rekap ui gives full control of your jobs and API key, so it only listens on this machine unless --allow-remote is given`,
    needsTls: (host) =>
      `--host ${host} is reachable from other computers, and the session cookie and your API key's jobs would cross the network in clear: give your own TLS certificate with --tls-cert FILE --tls-key FILE`,
    portInUse: (port) => `port ${port} is already in use; try --port 0`,
    interrupted: (n) => `${n} interrupted job(s) were paused and can be resumed from the jobs list`,
    stopped: 'rekap ui stopped',
  },

    wroteReport: (out, rows, sheets, ms) => `wrote ${out}: ${rows} rows; sheets ${sheets} (${ms} ms)`,
  wroteAnnotated: (out, rows, sheet) => `wrote ${out}: ${rows} rows annotated on sheet "${sheet}"`,
  wroteDirectory: (out, rows) => `wrote ${out}: ${rows} rows from the directory cache`,
  directoryNoMatch: (kind) => `no ${kind} in the directory cache match these filters (the cache covers this query: it was synced to the last page)`,

  review: {
    needsRow: '--decision, --by and --note need --row N (the row to decide on)',
    rowNotWhole: (row) => `--row ${row}: a row is a whole number`,
    needsDecision: '--row needs --decision approve|reject|retake|skip|flag',
    needsBy: "who decides? pass --by NAME (or set the reviewer name once in the app's Settings)",
    recorded: (row, job, decision, by, service, reviewed, total) =>
      `row ${row} of job ${job}: ${decision} by ${by} recorded (service said ${service}); ${reviewed} of ${total} reviewed`,
    progress: (job, reviewed, total) => `job ${job}: ${reviewed} of ${total} reviewed`,
    nothing: 'nothing to review: no pair is in the review band, NO MATCH, uncertain or flagged',
    head: { row: 'ROW', sheet: 'SHEET', service: 'SERVICE', score: 'SCORE', nik: 'NIK', name: 'NAME', decision: 'DECISION' },
    decidedBy: (decision, by) => `${decision} by ${by}`,
    flaggedOpen: 'flagged, open',
    decideWith: (job) => `decide with: rekap review ${job} --row N --decision approve|reject|retake --by NAME [--note TEXT]`,
  },

  verify: {
    noFile: (file) => `no file at ${file}`,
    noDb: (file) => `--db: no rekap data file at ${file}`,
    unchanged: (file, job) => `unchanged: ${file} is the report rekap wrote for job ${job} (its content digest matches)`,
    changed: (file, job) => `CHANGED: ${file} is not the report rekap wrote for job ${job}`,
    unchangedDirectory: (file, product) =>
      `unchanged: ${file} is the ${product === 'hospitals' ? 'hospital' : 'school'} directory report rekap wrote (its content digest matches)`,
    changedDirectory: (file, product) => `CHANGED: ${file} is not the ${product === 'hospitals' ? 'hospital' : 'school'} directory report rekap wrote`,
    note: (n) => `note: ${n}`,
    digestOnly: 'note: checked the digest alone',
    digestOnlyUnchanged:
      'checked: digest only (no rekap data file at hand): every cell matches the digest the summary states; the data behind it was not compared (pass --db FILE for that)',
    digestOnlyWithStore: (db) =>
      `checked: digest only: every cell matches the digest the summary states; this report could not be compared with job data in ${db} (a directory or team report, or another job or data file)`,
    checkedWithStore: (db) => `checked: the digest, and the job's data fingerprint against the data file ${db}`,
    signedMine: (fp) => `signature valid: this data file's key (${fp})`,
    signedUnknown: (fp) =>
      `signature valid, but by a key this computer does not know (${fp}): make sure that fingerprint belongs to the signer you expect`,
    signatureInvalid: (fp) => `signature NOT VALID (${fp}): the digest or its signature was changed after rekap wrote the report`,
    unsigned: 'the report is not signed (written by an older rekap, or without a signing key)',
  },

  key: {
    warning:
      'rekap: warning: --key puts the API key in the process list and your shell history, where other users of this ' +
      'computer can read it; prefer --key-file FILE, --key - (read from standard input) or REKAP_API_KEY\n',
    empty: (from) => `${from} holds no API key (it is empty)`,
    notOne: (from) => `${from} must hold only the API key: it has spaces or several lines`,
    both: 'give the API key once: --key or --key-file, not both',
    unreadable: (file, why) => `--key-file ${file}: cannot read it (${why})`,
    stdin: '--key - (standard input)',
    sandboxWarning:
      'rekap: warning: --key puts the accepted key in the process list and your shell history, where other users of this ' +
      'computer can read it; prefer --key-file FILE (one key a line) or REKAP_SANDBOX_KEYS (comma-separated)\n',
  },

  schoolsFound: (n, query, sandbox) => `${n} school(s) for "${query}"${sandbox ? ' [SANDBOX]' : ''}`,
  badTimeZone: (reason) => `--tz: ${reason}`,

  preset: {
    unknown: (name, known) => `no preset "${name}" (saved: ${known}); save one with: rekap preset save ${name} [options]`,
    saved: (name, fields) => `preset ${name} saved: ${fields}`,
    deleted: (name) => `preset ${name} deleted`,
    none: 'no presets yet. Save one with: rekap preset save <name> [rekap run options]',
  },

  watch: {
    noFolder: (dir) => `watched folder ${dir} does not exist`,
    watching: (dir, preset) => `watching ${dir} with preset ${preset} (stop with Ctrl+C)`,
    onFinishFailed: (cmd, why) => `rekap: --on-finish ${cmd} failed: ${why}`,
  },

  housekeeping: {
    item: (job, kind, state, input, folders, bytes) =>
      `  ${job}  ${kind}  ${state}  ${input}  (${folders} folder(s), ${formatNumber(Math.round(bytes / 1024), 'en')} KB)`,
    confirm: 'Delete the jobs above with their photos? The month\'s ledger stays whole (one line per job). [y/N] ',
    needsYes: 'not a terminal: add --yes to delete the jobs above',
    kept: 'nothing deleted',
    nothing: 'no job matches; nothing deleted',
    deleted: (job, points, digest) => `deleted ${job}: the ledger keeps ${formatRp(points, 'en')} and report digest ${digest}`,
    noJob: (job) => `no job ${job}`,
    running: (job) => `job ${job} is running in another process: pause or cancel it first (rekap cancel ${job})`,
    changed: (job) => `job ${job} changed since it was shown (another process resumed or changed it): not deleted`,
    badAge: (age) => `--older-than "${age}": give an age like 90d, 12w or 36h (required with --prune)`,
  },

  unexpected: (reason) => `rekap: unexpected error: ${reason}`,
}
