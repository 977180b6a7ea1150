/**
 * One team test file's rig: a real PostgreSQL team store with its operators and one real sandbox
 * the desks share, started in `beforeAll`; after each test every desk still running is killed;
 * `afterAll` stops the sandbox, then the team store. `useTeam` is the store alone.
 *
 *   const rig = useTeamWithSandbox({ operators: ['op1', 'op2'], sandbox: { args: ['--latency', '1000'] } })
 *   startDesk({ team: rig.team, sandbox: rig.sandbox, role: 'op1', name: 'a', args: [...] })
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { startSandboxProcess, type SandboxProcess, type SandboxProcessOptions } from '../../helpers/sandbox-process'
import { startTestTeam, type TestTeam } from './team-fixture'
import { stopAllDesks } from './desks-fixture'
import { started } from '../../helpers/started'

export interface TeamWithSandboxOptions {
  /** the operator roles the desks run as */
  operators: string[]
  /** flags of `rekap sandbox` (latency, plan, keys) */
  sandbox?: SandboxProcessOptions
}

export interface TeamWithSandbox {
  readonly team: TestTeam
  readonly sandbox: SandboxProcess
}

export function useTeamWithSandbox(opts: TeamWithSandboxOptions): TeamWithSandbox {
  let team: TestTeam | undefined
  let sandbox: SandboxProcess | undefined

  beforeAll(async () => {
    team = await startTestTeam()
    expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
    for (const op of opts.operators) await team.addOperator(op)
    sandbox = await startSandboxProcess(opts.sandbox)
  }, 120_000)

  // a failed or timed-out test leaves no desk process running
  afterEach(stopAllDesks)

  afterAll(async () => {
    await sandbox?.stop()
    await team?.stop()
  })

  return {
    get team() {
      return started(team, 'useTeamWithSandbox', 'team store')
    },
    get sandbox() {
      return started(sandbox, 'useTeamWithSandbox', 'sandbox')
    },
  }
}

export interface TeamOnly {
  readonly team: TestTeam
}

/** The team store alone, initialised with its operators; stopped in `afterAll`. */
export function useTeam(opts: { operators: string[] }): TeamOnly {
  let team: TestTeam | undefined

  beforeAll(async () => {
    team = await startTestTeam()
    expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
    for (const op of opts.operators) await team.addOperator(op)
  }, 120_000)

  afterAll(async () => team?.stop())

  return {
    get team() {
      return started(team, 'useTeam', 'team store')
    },
  }
}
