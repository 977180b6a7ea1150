/**
 * Start-up of the `rekap` command (issue 27): time to the first stdout line of
 * `rekap run examples/kyc/kyc-sample.xlsx --dry-run` (the `job <id>` line) and the whole of
 * `rekap --help`, for the built command (out/cli, scripts/build-cli.mjs) and for the TypeScript
 * sources through tsx (REKAP_FROM_SOURCES=1, what every start cost before), against a bare
 * `node -e ''` in the same run (the floor no CLI can beat).
 *   npx tsx bench/cli-start.ts [runs]        (default 15 runs of each, interleaved)
 * Every run is a real process of `bin/rekap.mjs`, as a user starts it; the clock starts just
 * before spawn. Prints median and p90 of each, the ratio to the bare node start, and the load.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { freshBuiltCli } from '../bin/built-cli.mjs'

const RUNS = Number(process.argv[2] ?? 15)
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-start-'))
const baseEnv = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en', REKAP_FROM_SOURCES: '' }

interface Timing {
  firstLine: number
  exit: number
  /** user + system CPU of the whole process (GNU time), NaN without /usr/bin/time */
  cpu: number
  /** the process's own CPU when it wrote its first line (the probe below), NaN without it */
  firstLineCpu: number
}

// Loaded with --import into the measured process: on its first stdout line it tells its CPU so far on
// stderr (process.cpuUsage: every thread of the process), then lets the process go on unchanged.
const PROBE = join(dir, 'first-line-cpu.mjs')
writeFileSync(
  PROBE,
  `const write = process.stdout.write.bind(process.stdout)
let told = false
process.stdout.write = (chunk, ...rest) => {
  if (!told && String(chunk).includes('\\n')) { told = true; const u = process.cpuUsage(); process.stderr.write('REKAP_FIRST_CPU ' + (u.user + u.system) / 1000 + '\\n') }
  return write(chunk, ...rest)
}
`,
)
const FIRST_CPU = /^REKAP_FIRST_CPU (\S+)$/m

// GNU time reports the process's CPU: on a shared machine the wall clock moves with the load, CPU less
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null
const CPU_LINE = /^REKAP_CPU (\S+) (\S+)$/m

/** Spawns node with args; resolves with ms to the first complete stdout line and to exit, and its CPU. */
function time(args: string[], env: NodeJS.ProcessEnv = baseEnv): Promise<Timing> {
  return new Promise((done, fail) => {
    const t0 = performance.now()
    const child = GNU_TIME
      ? spawn(GNU_TIME, ['-f', 'REKAP_CPU %U %S', process.execPath, '--import', PROBE, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, ['--import', PROBE, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let firstLine = NaN
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => {
      out += s
      if (Number.isNaN(firstLine) && out.includes('\n')) firstLine = performance.now() - t0
    })
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
    child.once('error', fail)
    child.once('exit', (code) => {
      const exit = performance.now() - t0
      const cpu = CPU_LINE.exec(err)
      const firstCpu = FIRST_CPU.exec(err)
      if (code !== 0) fail(new Error(`node ${args.join(' ')} exited ${code}: ${err}`))
      else done({ firstLine: Number.isNaN(firstLine) ? exit : firstLine, exit, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN, firstLineCpu: firstCpu ? Number(firstCpu[1]) : NaN })
    })
  })
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}
const ms = (x: number): string => `${x.toFixed(0).padStart(5)} ms`

interface Series {
  help: number[]
  helpCpu: number[]
  first: number[]
  firstCpu: number[]
  whole: number[]
  wholeCpu: number[]
}

async function oneRun(i: number, env: NodeJS.ProcessEnv, into: Series): Promise<void> {
  const h = await time(['bin/rekap.mjs', '--help'], env)
  into.help.push(h.exit)
  into.helpCpu.push(h.cpu)
  const db = join(dir, `r${i}-${into.help.length}-${env.REKAP_FROM_SOURCES || 'b'}.db`)
  const r = await time(['bin/rekap.mjs', 'run', 'examples/kyc/kyc-sample.xlsx', '--dry-run', '--db', db], env)
  into.first.push(r.firstLine)
  into.firstCpu.push(r.firstLineCpu)
  into.whole.push(r.exit)
  into.wholeCpu.push(r.cpu)
}

async function main(): Promise<void> {
  const built = freshBuiltCli(pathToFileURL(ROOT)) !== null
  if (!built) console.log('no fresh build in out/cli (npm run build:cli): both series below run the sources')
  const bare: number[] = []
  const bareCpu: number[] = []
  const b: Series = { help: [], helpCpu: [], first: [], firstCpu: [], whole: [], wholeCpu: [] }
  const s: Series = { help: [], helpCpu: [], first: [], firstCpu: [], whole: [], wholeCpu: [] }
  const load0 = loadavg()[0]
  for (let i = 0; i < RUNS; i++) {
    const n = await time(['-e', ''])
    bare.push(n.exit)
    bareCpu.push(n.cpu)
    await oneRun(i, baseEnv, b)
    await oneRun(i, { ...baseEnv, REKAP_FROM_SOURCES: '1' }, s)
  }
  const load1 = loadavg()[0]
  const floor = pct(bare, 50)
  const line = (name: string, xs: number[], target?: number): string =>
    `${name.padEnd(50)} median ${ms(pct(xs, 50))}  p90 ${ms(pct(xs, 90))}  = ${(pct(xs, 50) / floor).toFixed(1)}x bare node` +
    (target ? `  (target < ${target} ms: median ${pct(xs, 50) < target ? 'met' : 'NOT met'}, p90 ${pct(xs, 90) < target ? 'met' : 'NOT met'})` : '')
  console.log(`rekap start-up, ${RUNS} runs each, node ${process.version}, load average ${load0.toFixed(1)} -> ${load1.toFixed(1)}`)
  const cpu = (xs: number[]): string => `  CPU median ${ms(pct(xs, 50))} = ${(pct(xs, 50) / pct(bareCpu, 50)).toFixed(1)}x bare node's`
  console.log(line("bare `node -e ''`", bare) + cpu(bareCpu))
  for (const [name, series] of [['built (out/cli)', b], ['sources through tsx', s]] as const) {
    console.log(line(`${name}: \`rekap --help\``, series.help, 300) + cpu(series.helpCpu))
    console.log(line(`${name}: \`rekap run <12-row example> --dry-run\` job <id>`, series.first, 500) + cpu(series.firstCpu))
    console.log(line(`${name}:   the same run, whole process`, series.whole) + cpu(series.wholeCpu))
  }
}

try {
  await main()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
