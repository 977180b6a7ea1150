// Plain JavaScript on purpose: bin/rekap.mjs calls it before it compiles the built command, and V8
// refuses a code cache made under other flags (a flag set after the compile, in the command's own
// main, made every start's cache "refused": tests/integration/cli-built.test.ts).
import { setFlagsFromString } from 'node:v8'

/**
 * How far V8 lets the JavaScript heap grow past what survived its last full collection before it
 * collects again, as a percentage: 100 = twice the survivors. V8 chooses up to 4x by itself, for
 * throughput; a 1,000,000-row xlsx plan keeps ~45 MB alive and its heap reached 173 MB committed
 * before a collection, so the process peaked at 315-354 MB against issue 27's 350 MB. At twice the
 * survivors the same plan peaks at 268-271 MB (a csv plan 262-280 -> 211-220 MB) for ~0.2 s more CPU
 * in 14 s, and exports are unchanged (docs/performance.md, stop 49).
 */
export const HEAP_GROWING_PERCENT = 100

/**
 * Bounds the heap's growth for the whole process (V8's flags are per process: worker threads
 * share them). Called first thing by every entry (bin/rekap.mjs, Electron's main process), before
 * the work it is meant for allocates anything and before the command is compiled.
 */
export function boundHeapGrowth() {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
