/** The URL of out/cli's entry while it is as new as every source it was built from, else null. */
export function freshBuiltEntry(rootUrl: URL, outDir?: string): URL | null
