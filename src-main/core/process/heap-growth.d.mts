/** What ./heap-growth.mjs exports (plain JavaScript). */
export declare const HEAP_GROWING_PERCENT: number
export declare function withBoundHeapGrowth<T>(work: () => Promise<T>): Promise<T>
