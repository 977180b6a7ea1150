import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Four projects so a developer can run the fast ones alone (`npx vitest run --project unit`);
// `npm test` runs them all, which is what CI does.
export default defineConfig({
  test: {
    // One file more at a time than there are cores: three on this machine's 2 cores. A file's time is
    // partly waiting (a plan's rate, back-offs, child processes starting, a browser painting), so two
    // lanes left the cores idle for part of the run (`.ci/run` prints how busy they were). History:
    // one lane 1,181 s (2469c57) -> two lanes 770 s (c064493); the third lane's measurements are in
    // docs/performance.md (issue 27, sixth pass). The rate tests state the load they ran under.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // pure tests: one worker takes them all and keeps the modules it loaded instead of a fresh
          // process and module graph per file (issue 27: 48 s -> 31 s for the project at load 15-17)
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // CLI texts are asserted in English unless a test is about the language (it sets REKAP_LANG/--lang itself).
          env: { REKAP_LANG: 'en' },
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Real servers and worker pools, each file on its own ports, folders and PostgreSQL: two may run at once
          fileParallelism: true,
        },
      },
      {
        test: {
          // issue 14: one test per hardening item, each through the real CLI, server and files
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          // CLI texts asserted in English (the language tests set REKAP_LANG/--lang themselves)
          env: { REKAP_LANG: 'en' },
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: true,
        },
      },
    ],
  },
})
