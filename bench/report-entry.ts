/** What a bench needs to write a job's report, bundled by bench/built-report.ts. */
export { openStore } from '../src-main/core/store'
export { writeJobReport } from '../src-main/core/export'
// what every rekap entry calls first (bin/rekap.mjs, Electron's main process)
export { boundHeapGrowth } from '../src-main/core/process/heap-growth.mjs'
