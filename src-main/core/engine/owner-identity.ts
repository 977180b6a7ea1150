import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { ownerIdOf, type OwnerIdentity } from '../model/lease-rules'
import { thisMachine } from './boot-id'

/** This process's start time (ms since epoch): with host and pid it names a process uniquely. */
export const PROCESS_STARTED_AT = Math.round(performance.timeOrigin)

/**
 * The identity an engine writes into the leases it takes (one per engine instance). Its host is
 * host#boot (model/machine-id.ts): a lease of a cloned machine with the same name is another host's.
 */
export function newOwnerIdentity(): OwnerIdentity {
  const host = thisMachine()
  return { ownerId: ownerIdOf(host, process.pid, PROCESS_STARTED_AT, randomUUID().slice(0, 8)), host, pid: process.pid, processStartedAt: PROCESS_STARTED_AT }
}

/** Who only looks at jobs (a report): it holds no lease, so every owner but a dead one is live to it. */
export const LOOKER: OwnerIdentity = newOwnerIdentity()

/**
 * Is the process (pid, started at) still running on this host? kill(pid, 0) answers for the pid;
 * on Linux /proc also gives its start time, so a pid the OS gave to another program is not
 * mistaken for the owner. `processStartedAt` null: only the pid is known (a watched folder's claim
 * written before the start time was kept in it).
 */
export function processAlive(pid: number, processStartedAt: number | null): boolean {
  if (pid === process.pid) return processStartedAt === null || processStartedAt === PROCESS_STARTED_AT
  try {
    process.kill(pid, 0)
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (processStartedAt === null) return true
  const started = linuxStartTime(pid)
  return started === null || Math.abs(started - processStartedAt) < 5_000
}

let bootTimeMs: number | null | undefined
function linuxStartTime(pid: number): number | null {
  try {
    if (bootTimeMs === undefined) {
      const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))
      bootTimeMs = btime ? Number(btime[1]) * 1000 : null
    }
    if (bootTimeMs === null) return null
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // fields after the command name "(...)": state is field 3, starttime field 22 (clock ticks, USER_HZ = 100)
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(rest[19])
    return Number.isFinite(ticks) ? bootTimeMs + ticks * 10 : null
  } catch {
    return null
  }
}
