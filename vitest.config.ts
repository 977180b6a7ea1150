import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Every sandbox a test starts (in the test's process, `rekap sandbox`, the embedded one of `rekap run`
// and `rekap ui`) loads one face worker, not one per core: three files run at once on two cores, so
// a second copy of the models per sandbox only adds its load and warm-up (~1-1.6 s of CPU and
// ~350 MB per `rekap run` of the KYC example, measured at stop 49) to a machine with no core to
// spare. The pool with several workers is tested in face-engine.test.ts; the README's first command
// runs with the default, one per core (plan-face-warmup.test.ts clears this).
const ONE_FACE_WORKER = { REKAP_SANDBOX_FACE_WORKERS: '1' }

// puts back the umask and fails a file that leaves process.env or the working folder changed (isolate: false)
const FILE_STATE_GUARD = 'tests/helpers/file-state-guard.ts'

// Four projects so a developer can run the fast ones alone (`npx vitest run --project unit`);
// `npm test` runs them all, which is what CI does. Projects: unit, integration, security, e2e.
// unit, integration and security run `isolate: false`: a worker keeps the modules it loaded for its
// next file instead of a fresh module graph per file (~1 s of CPU per file, ~0.8 s more for a file
// importing the app; issue 27, docs/performance.md stops 44 and 46). Integration ran isolated from
// stop 44 (team-dead-desk failed once without isolation; its cause was a sandbox race, fixed in
// db81b29) until the whole project passed without isolation in two shuffled file orders (stop 46,
// seeds 11 and 23). A file restores what it changes process-wide (process.env, spies, the CLI's
// language, listeners) and mocks no module (vi.mock needs isolation: such a file would go to a
// project of its own with `isolate: true`); the guard fails a file that leaks process state.
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
          setupFiles: [FILE_STATE_GUARD],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // CLI texts are asserted in English unless a test is about the language (it sets REKAP_LANG/--lang itself).
          env: { REKAP_LANG: 'en', ...ONE_FACE_WORKER },
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Real servers and worker pools, each file on its own ports, folders and PostgreSQL: two may run at once
          fileParallelism: true,
          // see the top: the guard fails a file that leaks process state
          isolate: false,
          setupFiles: [FILE_STATE_GUARD],
        },
      },
      {
        test: {
          // issue 14: one test per hardening item, each through the real CLI, server and files
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          // CLI texts asserted in English (the language tests set REKAP_LANG/--lang themselves)
          env: { REKAP_LANG: 'en', ...ONE_FACE_WORKER },
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          isolate: false,
          setupFiles: [FILE_STATE_GUARD],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // one Chromium for the project's files, each in contexts of its own (issue 27)
          globalSetup: ['tests/e2e/helpers/chromium-server.ts'],
          env: ONE_FACE_WORKER,
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: true,
        },
      },
    ],
  },
})
