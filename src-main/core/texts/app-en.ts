import type { appTextsId } from './app-id'

/** What the app says when it refuses a command, in English (the same keys as app-id.ts). */
export const appTextsEn: typeof appTextsId = {
  'app.field': (p) => `${p.field}: ${p.why}`,
  'app.unknownCommand': (p) => `There is no command "${p.name}"`,
  'app.noJob': (p) => `There is no job ${p.id}`,
  'app.noRow': (p) => `Job ${p.job} has no row ${p.row}`,
  'app.noPhotos': (p) => `Job ${p.job} is a ${p.kind} job; it has no photos`,
  'app.notFromSpreadsheet': (p) => `Job ${p.job} was not made from a spreadsheet; there is nothing to annotate`,
  'app.noReviewerName': () => 'Set your name as reviewer in Settings first: every decision is signed with it.',
  'app.notWorkbookName': () => 'rekap opens spreadsheets only (.xlsx, .xlsm, .csv, or a .zip of them)',
  'app.hiddenFile': () => 'rekap does not open hidden files or files in hidden folders',
  'app.fileOutside': () =>
    'rekap ui only opens files you uploaded or files in the folders it was started with (rekap ui --folder DIR); this path is outside them',
  'app.notAFile': (p) => `${p.file} is a folder, not a spreadsheet file`,
  'app.fileNotFound': (p) => `File not found: ${p.file}`,
  'app.watchOutside': () => 'rekap ui watches only folders it was started with (rekap ui --folder DIR) or inside them',
  'app.noFolder': (p) => `there is no folder ${p.dir}`,
  'app.presetNoKind': (p) => `${p.file}: the preset names no kind and the columns fit none`,
  'app.alreadyWatching': (p) => `a folder is already watched: ${p.dir}; stop it first`,
  'app.noPreset': (p) => `There is no preset "${p.name}"`,
  'app.presetOtherService': (p) =>
    `preset: it names the service ${p.named}; the app uses ${p.settings} (Settings). Change Settings or save the preset again without --base-url`,
  'app.noRegency': (p) => `There is no regency with code ${p.code}`,
  'app.noProvince': (p) => `There is no province with code ${p.code}`,
  'app.pickRegion': () => 'regencyCodes: pick at least one province or regency to sync schools',
  'app.topupSandboxOnly': () => 'Top-ups can only be rehearsed with the built-in SANDBOX; top up the real account in your dashboard.',
  'app.topupRefused': (p) => `The sandbox refused the top-up (HTTP ${p.status})`,
  'app.keySpaces': () => 'key: an API key has no spaces or line breaks in it',
  'app.noTeamPasswordInBrowser': () =>
    'In browser mode rekap does not store the team password: start rekap ui with PGPASSWORD set (or a ~/.pgpass).',
  'app.confirmHost': (p) => `baseUrl: changing the service address to ${p.origin} must be confirmed: your API key will be sent there`,
  'app.reviewBand': (p) => `reviewBand: the low end (${p.low}) is above the high end (${p.high})`,
  'app.dataDirNotFull': (p) => `dataDir: "${p.dir}" is not a full folder path`,
  'app.keyNotConfirmed': (p) =>
    `Your API key has not been confirmed for ${p.origin}, so it is not sent there. Confirm the address in Settings (or enter the key again while it is shown).`,
  'app.jobNeedsKey': (p) => `This job talks to ${p.url} and needs an API key: enter it in Settings first.`,
  'app.browserNoKeyStore': (p) =>
    `In browser mode rekap does not store API keys (there is no OS keychain here to encrypt them). Start rekap ui with the key in the ${p.env} environment variable instead.`,
  'app.keyFromEnv': (p) => `The key comes from the ${p.env} environment variable; unset it and restart rekap ui.`,
  'app.noKeychain': (p) =>
    `This computer offers no keychain to encrypt the ${p.team ? 'team store password' : 'API key'}, so rekap will not save it. Start rekap with it in the ${p.env} environment variable instead.`,
  'app.pageMayNotKeyHost': (p) =>
    `baseUrl: in rekap ui the page cannot send the API key to a new host (${p.origin}); start rekap ui --base-url ${p.origin} to confirm it`,
  'app.pageMayNotOutsidePaths': () =>
    'allowOutsidePaths: in rekap ui the page cannot allow photo paths outside the workbook folder; start rekap ui --allow-outside-paths',
  'app.pageMayNotExportsDir': () => 'dataDir: in rekap ui, exports go to the data folder or a folder rekap ui was started with (--folder)',
  'app.notConfirmedKeyHost': (p) => `baseUrl: you did not confirm sending the API key to ${p.origin}; nothing was changed`,
  'app.notConfirmedOutsidePaths': () =>
    'allowOutsidePaths: you did not confirm reading photo paths outside the workbook folder; nothing was changed',
  'app.notConfirmedExportsDir': (p) => `dataDir: you did not confirm writing exports to ${p.dir}; nothing was changed`,
  'app.uploadNotMultipart': () => 'send the file as multipart/form-data in a field named "file"',
  'app.uploadUnreadable': () => 'the form data cannot be read',
  'app.uploadPathLeaves': (p) => `the path "${p.name}" leaves the uploaded folder; refused`,
  'app.uploadTooManyFiles': (p) => `more than ${p.max} files in one folder`,
  'app.uploadMalformed': () => 'the form data was cut off or malformed',
  'app.uploadNoFile': () => 'no file in the form (field "file" or "files")',
  'app.uploadTooLarge': (p) => `the upload is larger than ${p.mb} MB`,
  'app.uploadNoWorkbook': () => 'no .xlsx or .csv workbook in the uploaded folder or .zip',
  'app.bodyTooLarge': () => 'the request body is larger than 1 MB',
  'app.bodyNotJson': () => 'the request body is not valid JSON',
  'app.notRekapPage': () => 'This page is not rekap; the call was refused.',
}
