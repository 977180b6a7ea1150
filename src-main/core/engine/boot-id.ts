import { readFileSync } from 'node:fs'
import { hostname, uptime } from 'node:os'
import { machineName } from '../model/machine-id'

/**
 * This boot of this computer (model/machine-id.ts): Linux's /proc/sys/kernel/random/boot_id,
 * which differs per boot even on cloned virtual machines; elsewhere the boot time in seconds
 * (clock minus uptime), compared with a minute's slack.
 */
function readBootId(): string {
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().replace(/-/g, '')
    if (/^[0-9a-f]{16,}$/i.test(id)) return id.slice(0, 16).toLowerCase()
  } catch {
    // not Linux
  }
  return `t${Math.round(Date.now() / 1000 - uptime())}`
}

export const BOOT_ID = readBootId()

/** This machine's name in leases and claims: host name and boot. */
export function thisMachine(): string {
  return machineName(hostname(), BOOT_ID)
}
