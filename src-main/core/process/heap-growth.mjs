// Plain JavaScript typed by ./heap-growth.d.mts, as it was when bin/rekap.mjs called it before anything
// was compiled: a plain `node` process imports it as it is (tests/integration/heap-growth-bound.test.ts).
import { setFlagsFromString } from 'node:v8'

/**
 * How far V8 lets the JavaScript heap grow past what survived its last full collection before it
 * collects again, as a percentage: 100 = twice the survivors. V8 chooses up to 4x by itself, for
 * throughput; a 1,000,000-row xlsx plan keeps ~45 MB alive and its heap reached 173 MB committed
 * before a collection, so the process peaked at 315-354 MB against issue 27's 350 MB. At twice the
 * survivors the same plan peaks at 268-271 MB (a csv plan 262-280 -> 211-220 MB) for ~0.2 s more CPU
 * in 14 s (docs/performance.md, stop 49).
 */
export const HEAP_GROWING_PERCENT = 100

/** V8's own choice (the flag's default) */
const V8_CHOOSES = 0

let holders = 0
let resetAtExit = false

function setGrowth(percent) {
  setFlagsFromString(`--heap-growing-percent=${percent}`)
}

/**
 * Runs `work` (a plan: the rows read and indexed) with the heap's growth bounded, for the whole
 * process (V8's flags are per process); nested and overlapping calls share one bound, lifted when
 * the last ends. Only around the work that needs it: while any V8 flag differs from its default,
 * V8 refuses Node's own compiled code for its built-in modules, so each worker thread started then
 * (a report's zip thread, the app's heavy-work worker) compiled them from source: 30 -> 63-78 ms of CPU to
 * start a zip thread, and a 100,000-row face export ~6% slower in all (docs/performance.md, stop 51).
 * bin/cached-cli.cjs's cache is refused for the same reason when written under other flags: the
 * default is back before it is written at exit, even when the process exits in the middle of `work`.
 */
export async function withBoundHeapGrowth(work) {
  if (holders++ === 0) {
    setGrowth(HEAP_GROWING_PERCENT)
    if (!resetAtExit) {
      resetAtExit = true
      // before the exit listeners added earlier (the code cache is written by one)
      process.prependListener('exit', () => {
        if (holders > 0) setGrowth(V8_CHOOSES)
      })
    }
  }
  try {
    return await work()
  } finally {
    if (--holders === 0) setGrowth(V8_CHOOSES)
  }
}
