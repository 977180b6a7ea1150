/**
 * Issue 27: `rekap` starts from the build in out/cli (scripts/build-cli.mjs, made by `npm ci` and
 * `npm run build`) only while the build is as new as its sources. A user who edits src-main must
 * get the edited behaviour at once, never the older build; a clone with no build still works.
 * Checked on a copy of the sources (the repository's own out/cli is left alone), through what a
 * user sees: `rekap --version` after an edit of core/version.ts. A large report from the build
 * starts its zip thread from the build's own zip-worker.js (issue 27).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'
import { openStore } from '../../src-main/core/store'
import { seedReportJob } from '../../bench/report-kinds-seed'

let tmp: ReturnType<typeof makeTempDir>
let root: string
const versionFile = (): string => join(root, 'src-main/core/version.ts')
const packageVersion = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string

function rekap(...args: string[]): string {
  const env = { ...process.env, REKAP_FROM_SOURCES: '', REKAP_LANG: 'en' }
  return execFileSync(process.execPath, [join(root, 'bin/rekap.mjs'), ...args], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}
function build(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'ignore' })
}
const builtAt = (): number => JSON.parse(readFileSync(join(root, 'out/cli/manifest.json'), 'utf8')).builtAt as number

beforeAll(() => {
  tmp = makeTempDir('rekap-cli-built-')
  root = join(tmp.dir, 'rekap')
  for (const part of ['src-main', 'bin', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.node.json']) {
    cpSync(join(REPO_ROOT, part), join(root, part), { recursive: true })
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'))
}, 60_000)
afterAll(() => tmp?.cleanup())

describe('the built rekap command', () => {
  it('runs from the sources when there is no build', () => {
    expect(rekap('--version')).toBe(packageVersion)
  }, 60_000)

  it('runs the build while it is as new as its sources, and the sources once one of them is newer', () => {
    build()
    const manifest = JSON.parse(readFileSync(join(root, 'out/cli/manifest.json'), 'utf8')) as { inputs: string[] }
    expect(manifest.inputs).toContain('src-main/cli/main.ts')
    expect(manifest.inputs).toContain('src-main/core/version.ts')
    // an edit whose time is before the build's (as a build made after it would see): the build runs,
    // which is how this test knows which of the two answered
    writeFileSync(versionFile(), readFileSync(versionFile(), 'utf8').replace('= pkg.version', "= pkg.version + '-edited'"))
    const before = new Date(builtAt() - 60_000)
    utimesSync(versionFile(), before, before)
    expect(rekap('--version')).toBe(packageVersion)
    // the same edit as a user makes it, after the build: the build is older, the sources run
    const now = new Date()
    utimesSync(versionFile(), now, now)
    expect(statSync(versionFile()).mtimeMs).toBeGreaterThan(builtAt())
    expect(rekap('--version')).toBe(`${packageVersion}-edited`)
    // built again: the build has the edit and runs
    build()
    expect(rekap('--version')).toBe(`${packageVersion}-edited`)
  }, 120_000)

  it('compiles from the code cache the build wrote, writes a missing one once, and only refuses a damaged one', () => {
    build()
    const manifest = JSON.parse(readFileSync(join(root, 'out/cli/manifest.json'), 'utf8')) as { entry: string; entryHash: string }
    expect(manifest.entry).toBe('rekap.cjs')
    const cacheFiles = (): string[] => readdirSync(join(root, 'out/cli')).filter((f) => f.endsWith('.cache'))
    // the build ran the command once: the cache is there, named by the file's hash and V8's version
    expect(cacheFiles()).toEqual([`rekap-${manifest.entryHash}-${process.versions.v8}.cache`])
    const cacheFile = join(root, 'out/cli', cacheFiles()[0]!)
    // loaded as bin/rekap.mjs loads it, under V8's default flags (V8 takes a cache only under the
    // flags it was made with; a plan's heap bound is lifted before the cache is written at exit)
    const load = (): string =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { createRequire } from 'node:module'; const c = createRequire(import.meta.url)(${JSON.stringify(join(root, 'bin/cached-cli.cjs'))}); const m = c.loadCachedCli(${JSON.stringify(join(root, 'out/cli/rekap.cjs'))}, ${JSON.stringify(manifest.entryHash)}); console.log(typeof m.main, c.lastCodeCache())`,
        ],
        { cwd: root, encoding: 'utf8' },
      ).trim()
    expect(load()).toBe('function used')
    const version = rekap('--version')
    // gone: the next process compiles from the source and leaves the cache for the one after
    rmSync(cacheFile)
    expect(rekap('--version')).toBe(version)
    expect(cacheFiles()).toHaveLength(1)
    expect(load()).toBe('function used')
    // damaged (another build's, a disk error): V8 refuses it, the command answers as ever
    writeFileSync(cacheFile, Buffer.alloc(statSync(cacheFile).size, 7))
    expect(load()).toBe('function refused')
    expect(rekap('--version')).toBe(version)
  }, 120_000)

  it('writes a large report with the zip thread the build carries beside its chunks (zip-worker.js)', () => {
    build()
    const db = join(tmp.dir, 'large.sqlite')
    const store = openStore(db)
    const jobId = seedReportJob(store, 'hospital-lookup', 12_000)
    store.close()
    // the seeded job is a plan; a report is written of a job that ran
    const raw = new Database(db)
    raw.prepare("UPDATE jobs SET state = 'done' WHERE id = ?").run(jobId)
    raw.close()
    const out = join(tmp.dir, 'large.xlsx')
    expect(rekap('export', jobId, '--out', out, '--db', db)).toMatch(/12000 rows/)
    expect(rekap('verify', out, '--db', db)).toMatch(/^unchanged: .*its content digest matches/)
  }, 120_000)

  it('runs the sources when a source the build was made from is gone', () => {
    build()
    rmSync(join(root, 'src-main/cli/commands/verify.ts'))
    // the sources cannot run without it either: the failure is the sources', not a silent old build
    expect(() => rekap('--version')).toThrow(/verify/)
  }, 60_000)
})
