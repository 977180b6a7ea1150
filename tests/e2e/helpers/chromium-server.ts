/**
 * One Chromium for the whole e2e project (vitest globalSetup): each file connects to it and works in
 * browser contexts of its own (its own cookies, storage, downloads and pages), instead of launching
 * and closing a browser of its own (~1.7 s of CPU a launch on this machine's 2 cores; issue 27).
 * The server listens on 127.0.0.1 at a random path that only this run's test files are told.
 */
import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_ARGS, chromiumPath } from './chromium-options'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the shared browser's websocket endpoint (chromium.connect) */
    chromiumWsEndpoint: string
  }
}

let server: BrowserServer | undefined

export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, host: '127.0.0.1' })
  project.provide('chromiumWsEndpoint', server.wsEndpoint())
}

export async function teardown(): Promise<void> {
  await server?.close()
}
