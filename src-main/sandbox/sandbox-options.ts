import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import type { FaceVerifier } from './face/types'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS } from '../core/model/plans'
import type { HospitalPlan, RegionalPlan, SchoolPlan } from './plans'
import { isLoopbackHost } from '../core/net/loopback'
import { coreText, TextError, type CoreText } from '../core/texts/core-text'

/** Options of startSandbox(); each mirrors a `rekap sandbox` flag. */
export interface SandboxOptions {
  /** default 8787; 0 picks a free port */
  port?: number
  /** default 127.0.0.1; anything not loopback needs allowRemote */
  host?: string
  allowRemote?: boolean
  /** extra Host header names answered besides loopback and the bound address (DNS-rebinding guard) */
  allowHosts?: string[]
  /** accepted values of x-api-service-id; default [DEFAULT_SANDBOX_KEY] */
  keys?: string[]
  /** x-sandbox-admin value for /_sandbox/*; random when not given */
  adminToken?: string
  /** points (1 point = Rp1); default 10,000,000 */
  balance?: number
  /** premium account features: accreditation filter, schools/search, real accreditation/lang/long */
  premium?: boolean
  /** default 'standard' (20 rps, 3,000 hits/month) */
  hospitalPlan?: HospitalPlan
  /** default 'starter' (10,000 hits/month); free 1,000, pro 50,000, business unlimited */
  schoolPlan?: SchoolPlan
  /** default 'starter' (5,000 hits/month) */
  regionalPlan?: RegionalPlan
  /** overrides the monthly hit quota of every directory product (hospitals, schools, regional) */
  monthlyQuota?: number
  /**
   * forgive a verification whose client left before the answer (today's kind mode). Default
   * false: the sandbox charges every verification it completed, the real service's likely
   * behaviour, so rehearsals and crash tests face the worst case.
   */
  forgiveAbandoned?: boolean
  /** mean added latency per request, ms (jittered 50%..150%) */
  latencyMs?: number
  /** share 0..1 of requests answered 500 or dropped mid-response */
  failRate?: number
  /** seed of the generated data and of the fault sequence; default 1 */
  seed?: number
  /** directory with hospitals.csv and schools.csv.gz (shared/data/README.md format) */
  dataDir?: string
  /** face engine to use; default: src-main/sandbox/face loaded on the first verify request */
  faceVerifier?: FaceVerifier
  /**
   * worker threads of the face engine the sandbox loads (each holds its own copy of the models,
   * ~120-140 MB); default REKAP_SANDBOX_FACE_WORKERS, else one per core. Unused with faceVerifier.
   */
  faceWorkers?: number
  /** told once, when the first verification is answered: ms since the engine was first asked for */
  onFaceWarmedUp?: (ms: number) => void
  /** clock for monthly quotas and rate buckets (tests); default Date.now */
  now?: () => number
}

export const DEFAULT_SANDBOX_PORT = 8787
export const DEFAULT_SANDBOX_KEY = 'sandbox-key'
export const DEFAULT_SANDBOX_BALANCE = 10_000_000

export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, 'monthlyQuota' | 'dataDir' | 'faceVerifier' | 'onFaceWarmedUp'>> &
  Pick<SandboxOptions, 'monthlyQuota' | 'dataDir' | 'faceVerifier' | 'onFaceWarmedUp'>

/** More face workers than this is a typo, not a machine: each one holds its own ~120-140 MB of models. */
export const MAX_FACE_WORKERS = 64

/**
 * REKAP_SANDBOX_FACE_WORKERS, read where every sandbox is started (`rekap sandbox`, the embedded
 * one of `rekap run`/`ui` and the app): a desk short of memory, or a machine running several
 * sandboxes at once (the test suites), can hold fewer copies of the models. Unset or empty = the
 * engine's default (one per core).
 */
export function faceWorkersFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.REKAP_SANDBOX_FACE_WORKERS?.trim()
  if (!raw) return undefined
  return checkedFaceWorkers(/^\d+$/.test(raw) ? Number(raw) : NaN, raw)
}

/** `n` when it is a worker count (1..MAX_FACE_WORKERS), else the refusal showing the value as given (`shown`). */
function checkedFaceWorkers(n: number, shown: string): number {
  check(Number.isInteger(n) && n >= 1 && n <= MAX_FACE_WORKERS, coreText('sandbox.faceWorkers', { value: shown, max: MAX_FACE_WORKERS }))
  return n
}

/**
 * A bad option: a core text naming the flag (`.message` in English, `.text` for the CLI to say in
 * its language); safe to print (it never contains a secret).
 */
export class SandboxOptionError extends TextError {
  /** a setting the user gave, so the CLI's usage exit (2), never "unexpected error" */
  readonly exitCode = 2
}

export { isLoopbackHost }

function check(ok: boolean, text: CoreText): void {
  if (!ok) throw new SandboxOptionError(text)
}

export function resolveSandboxOptions(opts: SandboxOptions): ResolvedSandboxOptions {
  const r: ResolvedSandboxOptions = {
    port: opts.port ?? DEFAULT_SANDBOX_PORT,
    host: opts.host ?? '127.0.0.1',
    allowRemote: opts.allowRemote ?? false,
    allowHosts: opts.allowHosts ?? [],
    keys: opts.keys && opts.keys.length > 0 ? opts.keys : [DEFAULT_SANDBOX_KEY],
    adminToken: opts.adminToken ?? randomBytes(16).toString('hex'),
    balance: opts.balance ?? DEFAULT_SANDBOX_BALANCE,
    premium: opts.premium ?? false,
    hospitalPlan: opts.hospitalPlan ?? 'standard',
    schoolPlan: opts.schoolPlan ?? 'starter',
    regionalPlan: opts.regionalPlan ?? 'starter',
    monthlyQuota: opts.monthlyQuota,
    forgiveAbandoned: opts.forgiveAbandoned ?? false,
    latencyMs: opts.latencyMs ?? 0,
    failRate: opts.failRate ?? 0,
    seed: opts.seed ?? 1,
    dataDir: opts.dataDir,
    faceVerifier: opts.faceVerifier,
    // the option, else the environment's, else the engine's own default: one per core
    faceWorkers: opts.faceWorkers !== undefined ? checkedFaceWorkers(opts.faceWorkers, String(opts.faceWorkers)) : (faceWorkersFromEnv(process.env) ?? availableParallelism()),
    onFaceWarmedUp: opts.onFaceWarmedUp,
    now: opts.now ?? Date.now,
  }
  check(Number.isInteger(r.port) && r.port >= 0 && r.port <= 65535, coreText('sandbox.port', {}))
  check(r.allowRemote || isLoopbackHost(r.host), coreText('sandbox.hostNotLoopback', { host: r.host }))
  check(r.keys.every((k) => k.trim() !== ''), coreText('sandbox.emptyValue', { flag: '--key' }))
  check(r.adminToken.trim() !== '', coreText('sandbox.emptyValue', { flag: '--admin-token' }))
  check(Number.isInteger(r.balance) && r.balance >= 0, coreText('sandbox.balance', {}))
  check(HOSPITAL_PLANS.includes(r.hospitalPlan), coreText('sandbox.plan', { flag: '--hospital-plan', choices: HOSPITAL_PLANS.join(', ') }))
  check(SCHOOL_PLANS.includes(r.schoolPlan), coreText('sandbox.plan', { flag: '--school-plan', choices: SCHOOL_PLANS.join(', ') }))
  check(REGIONAL_PLANS.includes(r.regionalPlan), coreText('sandbox.plan', { flag: '--regional-plan', choices: REGIONAL_PLANS.join(', ') }))
  check(r.monthlyQuota === undefined || (Number.isInteger(r.monthlyQuota) && r.monthlyQuota >= 0), coreText('sandbox.monthlyQuota', {}))
  check(Number.isFinite(r.latencyMs) && r.latencyMs >= 0, coreText('sandbox.latency', {}))
  check(Number.isFinite(r.failRate) && r.failRate >= 0 && r.failRate <= 1, coreText('sandbox.failRate', {}))
  check(Number.isInteger(r.seed), coreText('sandbox.seed', {}))
  return r
}
