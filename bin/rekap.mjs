#!/usr/bin/env node
// Entry of the `rekap` command. The CLI is TypeScript run through tsx, so `npx rekap`
// works right after `npm ci` with no build step; worker threads inherit the loader.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src-main/cli/main.ts')
await main(process.argv)
