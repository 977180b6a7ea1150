/** What ./heap-growth.mjs exports (plain JavaScript: bin/rekap.mjs runs it before anything is compiled). */
export declare const HEAP_GROWING_PERCENT: number
export declare function boundHeapGrowth(): void
