/** The fresh built command (its file and code cache hash), or null: see built-cli.mjs. */
export function freshBuiltCli(rootUrl: URL, outDir?: string): { file: string; entryHash: string } | null
