import type { unattendedId } from './unattended-id'

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> }

/** Texts of the app's unattended work, English (the same keys as unattended-id.ts). */
export const unattendedEn: Leaves<typeof unattendedId> = {
  preset: {
    label: 'Preset',
    choose: 'Choose a preset…',
    hint: 'A preset keeps the kind, sheet, column mapping and budget; never the API key. The same as rekap preset on the command line.',
    name: 'Preset name',
    save: 'Save as preset',
    saved: 'Preset {name} saved.',
    applied: 'Preset {name} applied: kind, sheet, mapping and budget filled in from it.',
    pending: 'Preset {name} is applied as soon as a file is opened.',
    budget: 'budget {rp}',
    delete: 'Delete preset',
  },
  compare: {
    start: 'Compare two jobs',
    cancel: 'Stop comparing',
    hint: 'Pick two finished jobs of the same kind: the earlier one is A, the later one B.',
    pick: 'Pick to compare',
    run: 'Compare',
    running: 'Comparing…',
    result: '{rows} rows changed ({cells} cells), {added} rows added, {removed} rows removed, {same} unchanged.',
    saved: 'Saved at {path}',
    download: 'Download {file}',
  },
  space: {
    title: 'Space used',
    hint: 'What rekap keeps on this computer, counted the way rekap jobs --prune counts it.',
    store: 'Data file (jobs, rows, caches)',
    uploads: 'Uploaded workbooks',
    pictures: 'Pictures taken out of workbooks',
    reports: 'Reports',
    total: 'Total',
    olderThan: 'Delete finished jobs not changed for (days)',
    show: 'Show what would go',
    none: 'No finished job is that old.',
    willGo: '{n} job(s) would be deleted with their pictures and uploads ({size}); the month’s charges ledger stays whole.',
    confirm: 'Delete these {n} job(s)',
    deleted: '{n} job(s) deleted.',
  },
  notify: {
    title: 'Notifications',
    label: 'Tell me when a job finishes, stops (balance, budget, quota, offline) or needs review',
    browserAsk: 'Allow notifications in this browser',
    browserGranted: 'This browser allows notifications.',
    browserDenied: 'This browser refuses notifications; change it in the browser’s site settings.',
    browserNone: 'This browser does not support notifications.',
  },
  watch: {
    title: 'Watched folder',
    hint: 'Each complete workbook (or .zip of a workbook and its photos) in this folder is planned with the preset and run when within its limits; reports go to selesai/, refused files to gagal/ with the reason, others wait in proses/. The same as rekap watch. The folder is watched again each time the app starts, until you stop watching it.',
    hintBrowser: 'A folder on the computer running rekap ui (inside a folder given with --folder). Each complete workbook is planned with the preset and run when within its limits; reports go to selesai/, refused files to gagal/. The same as rekap watch. The folder is watched again each time the app starts, until you stop watching it.',
    folder: 'Folder',
    start: 'Start watching',
    stop: 'Stop watching',
    running: 'Watching {dir} with preset {preset}',
    noPresets: 'No preset yet: save one from the New job screen or with rekap preset save.',
  },
}
