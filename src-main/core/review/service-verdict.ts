// The review queue's name for the one verdict rule (src-main/core/verdict.ts).
export { rowVerdict as serviceVerdict, type Verdict as ServiceVerdict } from '../verdict'
