import { createServer } from 'node:http'
import { allowedHostHeaders, hostHeaderAllowed, hostRefusal } from '../core/net/host-allowlist'
import type { AddressInfo } from 'node:net'
import { createAccount } from './account'
import { snapshotState, type SandboxState } from './admin-routes'
import { createDirectoryData } from './directory-data'
import { createFaceVerifierSlot } from './face-engine-loader'
import type { FaultSettings } from './faults'
import { loadRegionTree } from '../core/regions/region-tree'
import { resolveSandboxOptions, type SandboxOptions } from './sandbox-options'
import { createRequestHandler } from './server'
import type { PlanSettings } from './plans'

/**
 * `rekap sandbox`: a local implementation of the whole service (spec), used as the
 * embedded default by `rekap run`, for rehearsals, and as the test suites' real server.
 */
export type { SandboxOptions } from './sandbox-options'
export { DEFAULT_SANDBOX_KEY, DEFAULT_SANDBOX_PORT, SandboxOptionError, isLoopbackHost } from './sandbox-options'
export type { SandboxState } from './admin-routes'
export { ADMIN_HEADER } from './admin-routes'

export interface RunningSandbox {
  /** base URL without a trailing slash, e.g. http://127.0.0.1:8787 */
  url: string
  port: number
  host: string
  keys: string[]
  adminToken: string
  /** the same object GET /_sandbox/state returns */
  state(): SandboxState
  /**
   * The plans it answers by from now on (rate limit, monthly quota): a rehearsal in the embedded
   * sandbox behaves like the plan the user states (`--hospital-plan premium`: 100 rps, no quota).
   */
  setPlans(p: Partial<Pick<PlanSettings, 'hospitalPlan' | 'schoolPlan' | 'regionalPlan'>>): void
  /** worker threads the face engine starts with when a face request first needs it */
  faceWorkers: number
  /** ms from the first face request to the first answered pair (the engine's warm-up), null before */
  faceWarmUpMs(): number | null
  /** stops listening, cuts open connections and closes a face engine the sandbox loaded itself */
  close(): Promise<void>
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const o = resolveSandboxOptions(opts)
  const account = createAccount(o.balance)
  const faults: FaultSettings = { latencyMs: o.latencyMs, failRate: o.failRate }
  const face = createFaceVerifierSlot({ injected: o.faceVerifier, workers: o.faceWorkers, onWarmedUp: o.onFaceWarmedUp })
  // read on every request: an embedded sandbox follows the plans of the job it serves (setPlans)
  const plan: PlanSettings = { hospitalPlan: o.hospitalPlan, schoolPlan: o.schoolPlan, regionalPlan: o.regionalPlan, monthlyQuota: o.monthlyQuota }
  const handler = createRequestHandler({
    keys: o.keys,
    adminToken: o.adminToken,
    premium: o.premium,
    plan,
    faults,
    seed: o.seed,
    // loaded (once per process) by the first request that needs it: a face job never does
    tree: loadRegionTree,
    data: createDirectoryData({ seed: o.seed, tree: loadRegionTree, dataDir: o.dataDir }),
    account,
    face,
    now: o.now,
    forgiveAbandoned: o.forgiveAbandoned,
  })
  // The allowlist needs the port, known once listening; until then nothing is answered anyway.
  let allowedHosts = new Set<string>()
  const server = createServer((req, res) => {
    if (!hostHeaderAllowed(allowedHosts, req.headers.host)) {
      res.writeHead(421, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ is_success: false, message: hostRefusal(req.headers.host) }))
      return
    }
    handler(req, res)
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(o.port, o.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  allowedHosts = allowedHostHeaders({ port, boundHost: o.host, extraHosts: o.allowHosts })
  const hostInUrl = o.host.includes(':') && !o.host.startsWith('[') ? `[${o.host}]` : o.host
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    host: o.host,
    keys: [...o.keys],
    adminToken: o.adminToken,
    state: () => snapshotState(account, faults, o.now()),
    faceWorkers: o.faceWorkers,
    faceWarmUpMs: () => face.warmUpMs(),
    setPlans(p) {
      if (p.hospitalPlan) plan.hospitalPlan = p.hospitalPlan
      if (p.schoolPlan) plan.schoolPlan = p.schoolPlan
      if (p.regionalPlan) plan.regionalPlan = p.regionalPlan
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await face.close()
    },
  }
}
