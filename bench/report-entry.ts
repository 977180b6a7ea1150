/** What a bench needs to write a job's report, bundled by bench/built-report.ts. */
export { openStore } from '../src-main/core/store'
export { writeJobReport } from '../src-main/core/export'
