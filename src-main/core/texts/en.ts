import { formatNumber } from '../../contract/numbers'
import type { JobAction, JobState } from '../../contract/job-names'
import { teamTextsEn } from './team-en'
import { noticeTextsEn } from './notice-en'
import { archiveTextsEn } from './archive-en'
import { outputTextsEn } from './output-en'
import { zipReasonTextsEn } from './zip-reason-en'
import { cellReasonTextsEn } from './cell-reason-en'
import { watchTextsEn } from './watch-en'
import { appTextsEn } from './app-en'
import { presetTextsEn } from './preset-en'
import { ACTION_COMMANDS, JOB_STATE_WORDS } from './state-words'
import { formatRp } from '../../contract/rupiah'
import type { CoreTextTable, KeyRef, Where } from './id'

/** The English words of core's texts: the same keys and parameters as id.ts (the type enforces it). */

const state = (s: JobState): string => JOB_STATE_WORDS.en[s] ?? s
const possible = (p: JobAction[]): string => (p.length ? `possible now: ${p.map((a) => ACTION_COMMANDS[a]).join(', ')}` : 'nothing can be done to it now')
const value = (v: string | null): string => v ?? '(empty)'
const at = (p: { sheet: string; row: number; key?: KeyRef | null }): string => `sheet "${p.sheet}", row ${p.row}${p.key ? ` (${keyText(p.key)})` : ''}`
const keyText = (k: KeyRef): string => `${k.name ?? 'line'} ${k.value || 'empty'}`
const column = (c: { letter: string; header: string | null }): string => `column ${c.letter}${c.header ? ` "${c.header}"` : ''}`

const FILTER_FIELD = { type: 'hospital type', class: 'hospital class', ownership: 'hospital ownership', blu_status: 'BLU status' } as const
const loc = (w: Where): string =>
  [w.file, w.sheet !== undefined ? `sheet "${w.sheet}"` : '', w.row ? `row ${w.row}` : '', w.column ? `column "${w.column}"` : '']
    .filter(Boolean)
    .join(', ')

const areaEn = (a: { province?: string; regency?: string }): string =>
  a.regency ? `regency ${a.regency}` : a.province ? `province ${a.province}` : 'all of Indonesia'

export const coreTextsEn: CoreTextTable = {
  'action.otherProcess': (p) => `job ${p.job} is being run by another rekap process (${possible(p.possible)})`,
  'action.draftNoRows': (p) => `job ${p.job} is a plan that never finished: it has no rows to export yet (${possible(p.possible)})`,
  'action.draftUnfinished': (p) =>
    `job ${p.job} is a plan that never finished (its process stopped while it read the sheet): it may hold only some of the rows and nothing was sent; plan the workbook again (rekap run <file>, or New job in the app) (${possible(p.possible)})`,
  'action.cancelled': (p) => `job ${p.job} was cancelled; what was done is kept (export it), start a new job for the rest (${possible(p.possible)})`,
  'action.alreadyRunning': (p) => `job ${p.job} is already running (${possible(p.possible)})`,
  'action.pauseFirst': (p) => `job ${p.job} is running; pause it first (${possible(p.possible)})`,
  'action.noFailed': (p) => `job ${p.job} has no failed rows to retry (${possible(p.possible)})`,
  'action.noUncertain': (p) => `job ${p.job} has no uncertain rows to re-send (${possible(p.possible)})`,
  'action.done': (p) => `job ${p.job} is done; nothing is left to send (${possible(p.possible)})`,
  'action.notInState': (p) => `${ACTION_COMMANDS[p.action]} is not possible for a job that is ${state(p.state)} (${possible(p.possible)})`,
  'action.ownedBy': (p) =>
    `job ${p.job} is being run by another rekap (pid ${p.pid} on host ${p.host} since ${p.since}); nothing was changed. ` +
    `Wait for it, or pause/cancel it from there (rekap cancel ${p.job} asks that process to stop).`,

  'import.at': (p) => `${loc(p.where)}: ${p.reason}`,
  'import.noWorksheets': () => 'the workbook has no worksheets',
  'import.noSheetNumber': (p) => `there is no sheet number ${p.n}; the sheets are ${p.names}`,
  'import.noSheetNamed': (p) => `there is no sheet named "${p.name}"; the sheets are ${p.names}`,
  'import.notAFile': () => 'is not a file',
  'import.cannotOpen': (p) => `cannot be opened (${p.code})`,
  'import.notFound': () => 'not found (moved, deleted, or the name mistyped?)',
  'import.noReadPermission': () => 'this user may not read it (permission denied); ask its owner for read permission, or copy it into a folder of yours',
  'import.isFolder': () => 'this is a folder, not a workbook; give the name of a file in it',
  'import.pathThroughFile': () => 'a folder on its path is a file; check the path',
  'import.emptyFile': () => 'the file is empty (0 bytes)',
  'import.passwordProtected': () =>
    'the workbook is password-protected (encrypted); open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password, clear it), save and try again',
  'import.legacyXls': () => 'this is an old-format .xls workbook; open it in Excel and save it as .xlsx',
  'import.notXlsx': () => 'is not an Excel .xlsx workbook (the content is not a zip file); save it again from Excel as .xlsx',
  'import.truncated': (p) => `the workbook is truncated or damaged (${p.detail}); copy it again or save it again from Excel`,
  'import.notZip': () => 'is not an Excel .xlsx workbook (not a zip file)',
  'import.unreadable': (p) => `cannot be read (${p.detail})`,
  'import.cannotRead': (p) => `cannot be read: ${p.detail}`,
  'import.noWorkbookXml': () => 'is a zip file but not an Excel workbook (no xl/workbook.xml inside)',
  'import.partEncrypted': (p) => `the part "${p.part}" is encrypted; remove the password and save again`,
  'import.partBomb': (p) =>
    `refused: the part "${p.part}" would inflate from ${p.from} bytes to ${p.to} bytes (${p.ratio}x); this looks like a zip bomb, not a real workbook`,
  'import.totalBomb': (p) => `refused: the workbook declares ${p.total} bytes of content once unpacked, more than the ${p.limit}-byte limit`,
  'import.refused': (p) => `refused: ${p.detail}; this is not a workbook rekap will open`,
  'import.sheetPartMissing': (p) => `the sheet's data part "${p.part}" is missing or unusually named; save the workbook again from Excel`,
  'import.tooManyRows': (p) =>
    `the sheet has more than ${formatNumber(p.max, 'en')} data rows${p.lastRow ? ` (it goes down to row ${formatNumber(p.lastRow, 'en')})` : ''}, the limit for one job; split it into smaller files`,
  'import.emptySheet': () => 'the sheet is empty',
  'import.noHeaderRow': (p) => `no header row found in the first ${p.rows} rows (a header row has a title above each column); choose the header row`,
  'import.headerRowEmpty': (p) => `row ${p.row}, chosen as the header row, is empty`,
  'import.partDamaged': (p) => `the part "${p.part}" of the workbook is damaged (${p.detail}); copy it again or save it again from Excel`,
  'import.badCharacter': (p) =>
    `${p.cell ? `cell ${p.cell}` : `the part "${p.part}"`} holds ${p.what}, a character XML does not allow; the workbook is damaged or was not written by a spreadsheet program`,
  'import.beyondGrid': (p) => `the cell reference "${p.ref}" lies beyond Excel's last column XFD or last row 1,048,576; the workbook is damaged`,
  'import.rowTooLong': (p) => `row ${p.row} holds more than ${p.mb} MB of XML; the sheet is damaged or not a real spreadsheet`,
  'import.stringTooLong': (p) => `the part "${p.part}" holds one text of more than ${p.mb} MB of XML, more than any cell; the workbook is damaged or not a real spreadsheet`,
  'import.csvQuoteUnclosed': (p) =>
    `row ${p.row}, column ${p.column}: a quote (") opened here is never closed, so every row after it would land in this one cell; close the quote (or remove it) and save again`,
  'import.csvNotUtf8': (p) =>
    `row ${p.row}, column ${p.column}: the file, UTF-8 until here, holds bytes of another encoding; save it again as "CSV UTF-8" from Excel`,
  'import.csvBadCharacter': (p) =>
    `row ${formatNumber(p.row, 'en')}, column ${p.column}: holds ${p.what}, a control character no report cell can hold (an .xlsx cell holding one is refused too); remove it and save again`,
  'import.csvRowTooLong': (p) =>
    `row ${formatNumber(p.row, 'en')} is longer than ${p.mb} MB of text${p.quoteOpen ? '; a quote (") opened in it is probably never closed' : ''}; no report cell could hold it`,
  'import.csvTooWide': (p) =>
    `row ${formatNumber(p.row, 'en')} has more than ${formatNumber(p.max, 'en')} columns, too wide for any sheet (its cell "${p.ref}" would lie beyond Excel's last column XFD); remove the extra columns or split the file`,
  'import.rowRepeated': (p) =>
    `the part "${p.part}" holds row ${formatNumber(p.row, 'en')} ${p.row === p.previous ? 'twice' : `after row ${formatNumber(p.previous, 'en')}`} (each row may appear once, in order; Excel refuses this file too); the workbook is damaged, save it again from a spreadsheet program`,
  'import.xmlEntity': () =>
    'its XML uses an XML entity it does not define (&name;), which Excel never writes; the workbook is damaged or was not written by a spreadsheet program',
  'import.undefinedEntity': (p) =>
    `${p.row !== null ? `row ${formatNumber(p.row, 'en')}, column ${p.column} (cell ${p.column}${p.row})` : `the part "${p.part ?? 'XML'}"`} holds "${p.entity}", ${p.entity === '&' ? 'an & that starts no XML entity' : 'an XML entity the file does not define'} (XML knows only &amp; &lt; &gt; &quot; &apos; and &#...;); Excel reports this file as damaged, and rekap does not guess the text. Write the text plainly in the program that made the file (a space for &nbsp;, & as &amp;) and save again`,
  'import.rowUnclosed': (p) => `row ${p.row} never ends: the sheet stops inside it (the workbook is damaged or cut short)`,

  'map.malformed': (p) => `--map "${p.override}": expected field=Header, e.g. image1="Foto KTP"`,
  'map.unknownField': (p) => `--map "${p.override}": unknown field "${p.field}"${p.kind ? ` for ${p.kind}` : ''}; the fields are ${p.fields}`,
  'map.unknownHeader': (p) => `--map "${p.override}": there is no column "${p.header}"; the columns are ${p.headers}`,

  'plan.columnMissing': (p) => `${loc(p.where)}: column "${p.header}" (for ${p.field}) is not in the header row; columns are ${p.headers}`,
  'plan.noColumnFor': (p) => `${loc(p.where)}: no column found for ${p.fields}. Columns are ${p.headers}; map one with --map ${p.first}="Header".`,
  'plan.noDataRows': (p) => `${loc(p.where)}: the sheet has a header row but no data rows; nothing to do.`,
  'plan.noJob': (p) => `no job ${p.job}; list them with \`rekap jobs\``,
  'plan.schoolSyncNeedsArea': () => 'A school sync needs at least one province or regency (the service lists schools per regency).',

  'review.noJob': (p) => `no job "${p.job}" in ${p.file}`,
  'review.notReviewable': (p) => `job ${p.job} is a ${p.kind} job; only ${p.kinds} jobs have pairs to review`,
  'review.badDecision': (p) => `decision "${p.decision}" is not one of approve, reject, retake, skip, flag`,
  'review.noRow': (p) => `job ${p.job} has no row ${p.row} (the report's "ID Baris" / "Row ID" column)`,
  'review.notChecked': (p) => `row ${p.row} of job ${p.job} has not been checked yet (${p.state}); review it once the job has run`,
  'review.notInQueue': (p) =>
    `row ${p.row} of job ${p.job} is not in the review queue (the service's verdict needs no person); flag it first with --decision flag if someone should look at it`,
  'review.noReviewer': () => 'the reviewer name is empty: set it once in Settings (or pass --by NAME)',
  'review.reviewerTooLong': (p) => `the reviewer name is ${p.length} characters long; at most 100`,
  'review.reviewerControl': () => 'the reviewer name has control characters in it',
  'review.noteTooLong': (p) => `the note is ${p.length} characters long; at most 2000`,

  'disk.full': (p) => `the disk is full: ${p.path} could not be written in full, and is not left half-written; free disk space, then try again`,
  'disk.fullUnnamed': () => 'the disk is full: a file could not be written in full; free disk space, then try again',
  'disk.storeNotMade': (p) => `the disk is full: the data file ${p.path} cannot be made; free disk space, then run the command again`,
  'disk.storeFull': (p) =>
    `the disk is full: the data file ${p.path} cannot grow; what is stored is kept — free disk space, then run the command again (a job that had started running continues with rekap resume and its id)`,
  'report.noJob': (p) => `no job "${p.job}" in ${p.file}`,
  'report.thumbnailsLimit': (p) =>
    `thumbnails are limited to ${p.max} rows (job ${p.job} has ${p.total}); export without --thumbnails, or filter the rows first`,
  'report.twoPasses': (p) => `the report of job ${p.job} came out different in its two passes; export again`,
  'report.annotatedNeedsXlsx': (p) =>
    `an annotated copy needs the job's input to be an .xlsx workbook (job ${p.job} read ${p.input ?? 'no file'}); export the report instead`,
  'report.inputGone': (p) => `the job's input workbook is no longer at ${p.input}; an annotated copy needs the original file`,
  'report.inputRefused': (p) => `the job's input workbook is not copied: ${p.reason}`,
  'report.wouldOverwrite': () => 'the annotated copy must not overwrite the original workbook; choose another --out',
  'report.reportOverwritesInput': (p) => `the report must not overwrite the job's own workbook ${p.input}; choose another --out`,
  'report.annotatedLimit': (p) =>
    `an annotated copy is limited to ${formatNumber(p.max, 'en')} rows because it loads the whole workbook into memory (job ${p.job} has ${formatNumber(p.total, 'en')}); use the streamed report instead`,
  'report.sheetGone': (p) => `sheet "${p.sheet}" is no longer in ${p.input}`,

  'url.empty': () => 'it is empty',
  'url.notAddress': (p) => `"${p.value}" is not a web address (expected https://…)`,
  'url.protocol': (p) => `only https:// addresses are supported, got ${p.protocol}`,
  'url.credentials': () => 'put the API key in the key field, not in the address',
  'url.queryFragment': () => 'the address must not have a ?query or #fragment',
  'url.plainHttp': (p) => `${p.host} is reached over plain http, which would show the API key to anyone on the network; use ${p.suggestion}`,

  'block.budget': (p) => `The budget of ${formatRp(p.limit, 'en')} is reached; raise it to continue.`,
  'block.balance': (p) => `The stated balance of ${formatRp(p.limit, 'en')} is used up; top up, update the balance and resume.`,
  'stopped.storeBusy': (p) =>
    `the data file ${p.file} was held by another program (a backup, sqlite3, another rekap) longer than rekap waits, so a row's answer could not be stored; resuming the job settles that row (one that may have been charged becomes UNCERTAIN, not sent again unless you allow it)`,
  'stopped.storeRefused': (p) => `the data file ${p.file} refused to store a row's answer (${p.code}); resuming the job settles that row (one that may have been charged becomes UNCERTAIN, not sent again unless you allow it)`,
  'stopped.rowMoved': (p) => `a row in the data file ${p.file} was changed by another process while this one was sending it; resuming the job settles that row (one that may have been charged becomes UNCERTAIN, not sent again unless you allow it)`,
  'log.jobPaused': (p) => `job ${p.job} paused: ${p.why}`,
  'log.pauseNotStored': (p) => `job ${p.job}: its pause could not be stored either (${p.why}); the job shows as interrupted, go on with: rekap resume ${p.job}`,
  'log.heartbeatBusy': (p) => `job ${p.job}: the data file ${p.file} is held by another program; rekap waits and tries again, the job keeps running`,
  'block.offline': (p) => `The service cannot be reached (${p.detail}). Check the connection, then resume.`,
  'block.teamUnreachable': (p) => `The team store cannot be reached (${p.detail}); nothing is sent until it answers, then the job continues by itself.`,
  'block.team-budget': (p) => `The team's budget for this month, ${formatRp(p.limit, 'en')}, is reached; raise it (rekap team budget) to continue.`,
  'block.team-balance': (p) => `The team's stated balance of ${formatRp(p.limit, 'en')} is used up; top up, state it (rekap team balance) and resume.`,
  'block.quotaPlan': (p) =>
    `The ${p.plan} ${p.product} plan allows ${formatNumber(p.quota, 'en')} hits a month and ${formatNumber(p.used, 'en')} are used ` +
    `(counted by rekap for this account, plus hits you stated). To continue: ${
      p.bigger ? `move to the ${p.bigger} plan (${p.flag} ${p.bigger}, or Settings)` : 'buy more hits'
    }, or wait for the 1st of next month; then resume.`,
  'block.quota': (p) => `This month's quota of ${p.quota} ${p.product} hits is used up (counted by rekap).`,

  'filter.unknownValue': (p) => `"${p.value}" is not a ${FILTER_FIELD[p.field]} the service knows; allowed: ${p.allowed}`,
  'premium.required': (p) =>
    `${p.feature === 'school-search' ? 'School search' : 'The accreditation filter'} is only for premium accounts, and this key's account is not premium (the service answered 403` +
    `${p.serviceMessage ? `: "${p.serviceMessage}"` : ''}). Nothing was charged. Activate the premium package in the service dashboard` +
    (p.feature === 'accreditation-filter' ? ', or run the job without the accreditation filter.' : ', or look schools up by NPSN or by regency instead.'),
  'directory.notCovered': (p) =>
    `the ${p.product} directory cache does not cover this whole query: ${p.areas.map(areaEn).join(', ')}${p.more ? ` and ${formatNumber(p.more, 'en')} more` : ''} ` +
    `never synced to the last page with these filters, so the ${formatNumber(p.rows, 'en')} rows written are only what happens to be cached. ` +
    `Sync first: in rekap ui (Directory → Sync) with the same filters, or rekap run with a directory workbook ` +
    `(e.g. examples/templates/${p.product === 'hospitals' ? 'hospital' : 'school'}-directory.xlsx)`,
  'tz.unknown': (p) => `"${p.name}" is not a time zone rekap knows (use an IANA name such as Asia/Jakarta, Asia/Makassar, Asia/Jayapura)`,

  'compare.summary': (p) =>
    `${p.a} -> ${p.b}: ${formatNumber(p.rows, 'en')} row(s) changed (${formatNumber(p.cells, 'en')} cell(s)), ${formatNumber(p.added, 'en')} added, ${formatNumber(p.removed, 'en')} removed, ${formatNumber(p.same, 'en')} unchanged`,
  'compare.noResultsSheet': (p) => `${p.file}: no results sheet (${p.sheets})`,
  'compare.noColumn': (p) => `no column ${p.columns} in the results (${p.headers})`,
  'compare.noKeyColumn': (p) => `no key column in the results (${p.headers}); name one with --key "Column header"`,
  'compare.noJob': (p) => `no job ${p.id} (nor a report file .xlsx)`,
  'compare.kindsDiffer': (p) => `jobs of different kinds: ${p.a} is ${p.kindA}, ${p.b} is ${p.kindB}`,

  'sandbox.port': () => '--port must be an integer from 0 to 65535',
  'sandbox.hostNotLoopback': (p) =>
    `--host ${p.host} is not a loopback address: the sandbox accepts any of its keys and has an admin ` +
    'endpoint, so it only listens on this machine unless --allow-remote is given',
  'sandbox.emptyValue': (p) => `${p.flag} must not be empty`,
  'sandbox.balance': () => '--balance must be a whole number of points >= 0',
  'sandbox.plan': (p) => `${p.flag} must be one of ${p.choices}`,
  'sandbox.monthlyQuota': () => '--monthly-quota must be a whole number >= 0',
  'sandbox.latency': () => '--latency must be a number of milliseconds >= 0',
  'sandbox.failRate': () => '--fail-rate must be between 0 and 1',
  'sandbox.seed': () => '--seed must be an integer',
  'sandbox.faceWorkers': (p) => `REKAP_SANDBOX_FACE_WORKERS must be a whole number from 1 to ${p.max}, got "${p.value}"`,

  'verify.sheetAdded': (p) => `sheet "${p.sheet}" was added`,
  'verify.sheetChanged': (p) => `sheet "${p.sheet}" changed`,
  'verify.sheetRemoved': (p) => `sheet "${p.sheet}" was removed`,
  'verify.digestLinesChanged': () => 'the report digest lines on the summary sheet were changed',
  'verify.sheetNotInStore': (p) => `sheet "${p.sheet}" is not in the report rekap writes from the data file (added)`,
  'verify.sheetMissing': (p) => `sheet "${p.sheet}" is missing (deleted)`,
  'verify.sheetsReordered': (p) => `the sheets were reordered: now ${p.order}, rekap wrote them as ${p.written}`,
  'verify.uncoveredRow': (p) =>
    `${at(p)}: a row labelled "${p.label}" that rekap does not write there (the digest leaves rows with this label out, so its content is not protected)`,
  'verify.cellFormat': (p) =>
    `sheet "${p.sheet}", row ${p.row}, column ${p.column}: number format ${JSON.stringify(p.format)} is not one rekap writes (a format can show and print something other than the cell's value)`,
  'verify.hiddenRow': (p) => `sheet "${p.sheet}", row ${p.row} is hidden (not shown, not printed; rekap hides nothing)`,
  'verify.hiddenColumn': (p) => `sheet "${p.sheet}", column ${p.column} is hidden (not shown, not printed; rekap hides nothing)`,
  'verify.hiddenSheet': (p) => `sheet "${p.sheet}" is hidden (rekap hides nothing)`,
  'verify.morePresentation': (p) => `and ${p.count} more changes of how cells are shown`,
  'verify.signerLineMismatch': (p) => `the summary's signer line states ${p.stated}, but the public key below it has the fingerprint ${p.actual}`,
  'verify.cell': (p) =>
    `${at(p)}${p.header ? ' (header)' : ''}, ${column(p.column)}: the report has ${value(p.report)}, the data file says ${value(p.store)}`,
  'verify.rowAdded': (p) => `${at(p)}: a row that is not in the report rekap writes from the data file (added)`,
  'verify.rowMissing': (p) =>
    p.key
      ? `sheet "${p.sheet}": the row with ${keyText(p.key)} (row ${p.row} as written) is missing (deleted)`
      : `sheet "${p.sheet}": row ${p.row} of the report rekap writes from the data file is missing (deleted)`,
  'verify.noStore': (p) =>
    p.beside
      ? 'no rekap data file at hand: checked the digest, which names the sheet but not the row (pass --db FILE to find the row and column), and beside it how cells are shown (number formats; hidden rows, columns and sheets) and the summary lines the digest leaves out'
      : 'no rekap data file at hand: checked the digest alone, which names the sheet but not the row (pass --db FILE to find the row and column)',
  'verify.otherStore': (p) =>
    `the data file ${p.file} is not the one that wrote this report (its id is ${p.storeId}, the report names ${p.reportStoreId}): ${p.checked}`,
  'verify.noJobInStore': (p) => `the data file ${p.file} has no job ${p.job}: ${p.checked}`,
  'verify.checked': (p) =>
    p.beside
      ? 'checked the digest and, beside it, how cells are shown (number formats; hidden rows, columns and sheets) and the summary lines the digest leaves out'
      : 'checked the digest alone',
  'verify.digestHeld': () =>
    "the digest matches: every cell's value is as rekap wrote it; the changes above were found by the checks beside the digest, of how cells are shown (number formats; hidden rows, columns and sheets) and of the summary lines the digest leaves out",
  'verify.jobChangedSince': (p) => `job ${p.job} changed in the data file after this report was written; some differences below may come from that`,
  'verify.cacheChangedSince': (p) =>
    `the ${p.product === 'hospitals' ? 'hospital' : 'school'} directory cache took in records after this report was written; some differences below may come from that`,
  'verify.csv': (p) =>
    `${p.file}: CSV reports carry no digest (CSV is text only, with no summary to check); for a report that can be verified, export it as xlsx: rekap export <job-id> --out report.xlsx`,
  'verify.signatureInvalid': (p) => `the digest's signature is not valid (${p.fingerprint}): the digest or its signature was changed after rekap wrote the report`,
  'verify.notXlsx': (p) => `${p.file} cannot be read as an xlsx workbook: ${p.reason}`,
  'verify.noDigest': (p) =>
    `${p.file} carries no rekap report digest on its first sheet: it is not a report rekap wrote (or it was written before reports carried one)`,
  'verify.incomplete': (p) => `${p.file}: the summary sheet lacks the job id or the report time; it is not a complete rekap report`,
  ...teamTextsEn,
  ...noticeTextsEn,
  ...archiveTextsEn,
  ...outputTextsEn,
  ...zipReasonTextsEn,
  ...cellReasonTextsEn,
  ...watchTextsEn,
  ...appTextsEn,
  ...presetTextsEn,
}
