#!/usr/bin/env node
// Entry of the `rekap` command. `npm ci` / `npm install` and `npm run build` build the CLI into
// out/cli (scripts/build-cli.mjs): it starts in a fraction of the time. It runs only while it is as
// new as the sources; otherwise (no build, or src-main edited since) the TypeScript sources run
// through tsx, so `npx rekap` works right after a clone and an edit is never answered by old code.
// REKAP_FROM_SOURCES=1 always runs the sources.
import { createRequire } from 'node:module'
import { freshBuiltCli } from './built-cli.mjs'

const root = new URL('../', import.meta.url)
const built = process.env.REKAP_FROM_SOURCES === '1' ? null : freshBuiltCli(root)
let cli
if (built) {
  // one CommonJS file compiled with V8's code cache (cached-cli.cjs)
  cli = createRequire(import.meta.url)('./cached-cli.cjs').loadCachedCli(built.file, built.entryHash)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  cli = await import('../src-main/cli/main.ts')
}
await cli.main(process.argv)
