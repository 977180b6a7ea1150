/**
 * Several desks of one team: real `rekap run` processes, each with its own SQLite file, on one
 * real sandbox (the service, which enforces the per-key rate and keeps the ledger) and one real
 * PostgreSQL (the team store). `alone: true` runs the same desks without --team: what main did
 * before team mode, so each test can show it fails without coordination.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, SHARED_DIR, type SandboxProcess } from '../../helpers/sandbox-process'
import type { TestTeam } from './team-fixture'

export interface Desk {
  name: string
  child: ChildProcess
  out(): string
  done: Promise<{ code: number | null; out: string }>
  db: string
}

export interface DeskOptions {
  team: TestTeam
  sandbox: SandboxProcess
  /** operator role (added with addOperator beforehand) */
  role: string
  name: string
  args: string[]
  /** run without --team: each desk alone, as before team mode */
  alone?: boolean
  env?: Record<string, string>
}

/** Every desk process this test file started and that has not exited yet. */
const live = new Set<ChildProcess>()
let exitHook = false

/**
 * Kills every desk still running (SIGKILL) and waits for them: every file that starts desks calls
 * it in afterEach, so a failing or timed-out test leaves no rekap process behind. The process
 * exit hook is the last resort (a worker that dies).
 */
export async function stopAllDesks(): Promise<void> {
  const left = [...live]
  await Promise.all(left.map((c) => new Promise<void>((done) => {
    if (c.exitCode !== null || c.signalCode !== null) return done()
    c.once('exit', () => done())
    c.kill('SIGKILL')
  })))
}

/** Every rekap process a team test starts (desks, `team.rekap` commands) is killed by stopAllDesks. */
export function trackChild(child: ChildProcess): void {
  if (!exitHook) {
    exitHook = true
    process.on('exit', () => { for (const c of live) c.kill('SIGKILL') })
  }
  live.add(child)
  child.once('exit', () => live.delete(child))
}

export function startDesk(o: DeskOptions): Desk {
  const db = join(o.team.dir, `${o.name}.db`)
  const team = o.alone ? [] : ['--team', o.team.url(o.role), '--team-password-file', o.team.passwordFile(o.role), '--team-desk', o.name]
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...o.args, '--base-url', o.sandbox.url, '--db', db, '--yes', ...team], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // the key from the environment, never argv; no team from the environment either
    env: { ...process.env, REKAP_API_KEY: o.sandbox.key, REKAP_TEAM: '', PGPASSWORD: '', REKAP_LANG: 'en', ...o.env },
  })
  let out = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out += s))
  trackChild(child)
  const done = new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out })))
  return { name: o.name, child, out: () => out, done, db }
}

export async function waitFor<T>(get: () => T | Promise<T>, ok: (v: T) => boolean, ms = 60_000, stepMs = 50): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = await get()
    if (ok(v)) return v
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, stepMs))
  }
}

/** A CSV of hospital codes no record has (each lookup is one request, answered 404 = one hit). */
/** The codes of a file made by codesFile are this prefix, a dash and a number (a test can tell its rows apart in the sandbox's log). */
export const codePrefix = (fileName: string): string => fileName.replace(/\W/g, '')

export function codesFile(dir: string, name: string, n: number): string {
  const file = join(dir, name)
  writeFileSync(file, ['Kode RS', ...Array.from({ length: n }, (_, i) => `${codePrefix(name)}-${i + 1}`)].join('\n') + '\n')
  return file
}

const FACES = [
  'obama_1.jpg', 'obama_2.jpg', 'obama_3.jpg', 'biden_1.jpg', 'biden_2.jpg', 'kit_harington_1.jpg', 'kit_harington_2.jpg',
  'rose_leslie_1.jpg', 'rose_leslie_2.jpg', 'alex_lacamoire_1.jpg',
]

/** Ordered pairs of distinct fixture faces, from `from`: up to 90 distinct pairs (distinct content hashes). */
export function facePairs(from: number, n: number): Array<[string, string]> {
  const all: Array<[string, string]> = []
  for (const a of FACES) for (const b of FACES) if (a !== b) all.push([a, b])
  return all.slice(from, from + n).map(([a, b]) => [join(SHARED_DIR, 'fixtures/faces', a), join(SHARED_DIR, 'fixtures/faces', b)])
}

export function pairsFile(dir: string, name: string, pairs: Array<[string, string]>): string {
  const file = join(dir, name)
  writeFileSync(file, ['Foto KTP,Foto Selfie', ...pairs.map(([a, b]) => `${a},${b}`)].join('\n') + '\n')
  return file
}
