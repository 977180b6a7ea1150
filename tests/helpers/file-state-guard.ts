/**
 * Setup file of the projects that run `isolate: false` (vitest.config.ts): a worker runs one test
 * file after another in the same process, so what a file changes process-wide would be the next
 * file's starting state, and a test could pass only after another. Before each file this records
 * the environment, the working folder and the umask; after it, it puts back the umask (rekap's
 * entry points make new files private with it: openApp sets 077, by design) and fails the file
 * that left the environment or the working folder changed, naming what, after putting it back.
 */
import { afterAll } from 'vitest'

/** set once per process by a library as it loads, not by a test: libvips (sharp's) sets VIPSHOME on its first use */
const SET_BY_LIBRARIES = new Set(['VIPSHOME'])

const env = { ...process.env }
const cwd = process.cwd()
// process.umask() without an argument is deprecated: set a value to read the current one, then put it back
const umask = process.umask(0o022)
process.umask(umask)

afterAll(() => {
  process.umask(umask)
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((k) => process.env[k] !== env[k] && !SET_BY_LIBRARIES.has(k))
  for (const k of changed) {
    if (env[k] === undefined) delete process.env[k]
    else process.env[k] = env[k]
  }
  const movedFrom = process.cwd() !== cwd ? process.cwd() : null
  if (movedFrom) process.chdir(cwd)
  const leaks = [...changed.map((k) => `process.env.${k}`), ...(movedFrom ? [`the working folder (${movedFrom})`] : [])]
  if (leaks.length) throw new Error(`this file left ${leaks.join(', ')} changed for the next file of its worker: restore it in afterEach/afterAll`)
})
