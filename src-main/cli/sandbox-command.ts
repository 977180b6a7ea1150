import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { SandboxOptionError, startSandbox, type SandboxOptions } from '../sandbox/index'
import { CliError, EXIT } from './exit-codes'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS, type HospitalPlan, type RegionalPlan, type SchoolPlan } from '../core/model/plans'
import { t } from './cli-language'
import { sandboxKeys } from './sandbox-keys'
import { coreMessage } from './core-message'

/** `rekap sandbox`'s flags as commander passes them (strings). */
export interface SandboxCommandFlags {
  port: string
  host: string
  allowRemote?: boolean
  allowHost: string[]
  key: string[]
  keyFile?: string
  adminToken?: string
  balance?: string
  premium?: boolean
  forgiveAbandoned?: boolean
  hospitalPlan: string
  schoolPlan: string
  regionalPlan: string
  monthlyQuota?: string
  latency?: string
  failRate?: string
  seed?: string
  dataDir?: string
}

/** A numeric flag, or a usage error naming the flag (commander passes strings). */
function numberFlag(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n)) throw new CliError(t().usage.notANumber(`--${name}`, raw), EXIT.usage)
  return n
}

export function sandboxOptionsFromFlags(flags: SandboxCommandFlags): SandboxOptions {
  const plan = flags.hospitalPlan
  if (!(HOSPITAL_PLANS as readonly string[]).includes(plan)) {
    throw new CliError(t().usage.badChoice('--hospital-plan', plan, HOSPITAL_PLANS.join(', ')), EXIT.usage)
  }
  if (!(SCHOOL_PLANS as readonly string[]).includes(flags.schoolPlan)) {
    throw new CliError(t().usage.badChoice('--school-plan', flags.schoolPlan, SCHOOL_PLANS.join(', ')), EXIT.usage)
  }
  if (!(REGIONAL_PLANS as readonly string[]).includes(flags.regionalPlan)) {
    throw new CliError(t().usage.badChoice('--regional-plan', flags.regionalPlan, REGIONAL_PLANS.join(', ')), EXIT.usage)
  }
  let dataDir: string | undefined
  if (flags.dataDir !== undefined) {
    dataDir = resolve(flags.dataDir)
    for (const file of ['hospitals.csv', 'schools.csv.gz']) {
      if (!existsSync(resolve(dataDir, file))) throw new CliError(t().usage.dataDirLacks(dataDir, file), EXIT.usage)
    }
  }
  return {
    port: numberFlag('port', flags.port),
    host: flags.host,
    allowRemote: flags.allowRemote ?? false,
    allowHosts: flags.allowHost ?? [],
    keys: sandboxKeys(flags),
    adminToken: flags.adminToken,
    balance: numberFlag('balance', flags.balance),
    premium: flags.premium ?? false,
    forgiveAbandoned: flags.forgiveAbandoned ?? false,
    hospitalPlan: plan as HospitalPlan,
    schoolPlan: flags.schoolPlan as SchoolPlan,
    regionalPlan: flags.regionalPlan as RegionalPlan,
    monthlyQuota: numberFlag('monthly-quota', flags.monthlyQuota),
    latencyMs: numberFlag('latency', flags.latency),
    failRate: numberFlag('fail-rate', flags.failRate),
    seed: numberFlag('seed', flags.seed),
    dataDir,
  }
}

/** Runs until SIGINT/SIGTERM, then closes the server and returns (exit code 0). */
export async function runSandboxCommand(flags: SandboxCommandFlags): Promise<void> {
  const options = sandboxOptionsFromFlags(flags)
  const started = performance.now()
  let sandbox
  try {
    sandbox = await startSandbox(options)
  } catch (err) {
    if (err instanceof SandboxOptionError) throw new CliError(coreMessage(err), EXIT.usage)
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') throw new CliError(t().ui.portInUse(String(options.port)), EXIT.usage)
    throw err
  }
  // Listen for the stop signals before announcing: whoever reads the line may signal at once.
  const stopped = new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      sandbox.close().then(done, done)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
  // One write, listening line first: whoever waits for that line also gets the rest.
  // The public default key and the admin token are printed on purpose: they are local, and the user needs
  // them. Keys the user gave are theirs already and are never echoed (stdout ends up in logs and shared terminals).
  const given = options.keys ?? []
  const m = t().sandboxLines
  const keyLine = given.length === 0 ? sandbox.keys.join(', ') : m.keysGiven(given.length)
  const source = options.dataDir ? m.realData(options.dataDir) : m.seedData(options.seed ?? 1)
  // the first line is machine-read (tests, scripts wait for it): the same in every language
  process.stdout.write(
    `rekap sandbox listening on ${sandbox.url}\n` +
      `${m.key}: ${keyLine}\n` +
      `${m.adminToken}: ${sandbox.adminToken}\n` +
      `${m.data}: ${m.started(source, Math.round(performance.now() - started))}\n` +
      `${m.faceEngine(sandbox.faceWorkers)}\n`,
  )

  await stopped
  process.stdout.write(m.stopped + '\n')
}
