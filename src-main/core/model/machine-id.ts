/**
 * A machine as rekap names it in leases and watched-folder claims: the host name and, after a
 * '#', this boot of it. Two virtual machines cloned from one image share a host name; a pid of the
 * other one says nothing about this one's process table, so a name alone made a live owner on
 * the clone look dead here (its pid not running here) and its work was taken at once. Pure.
 *
 * A boot is Linux's boot_id (random per boot: clones differ), or elsewhere `t` + the boot time in
 * seconds since 1970 (this clock minus the uptime: two processes of one boot may differ by a
 * few seconds, more if the clock was set meanwhile).
 */

/** Two boot times closer than this are one boot (NTP slews the clock; the uptime is whole seconds on some systems). */
const BOOT_TIME_SLACK_S = 60

export function machineName(host: string, boot: string | null): string {
  return boot ? `${host}#${boot}` : host
}

/** The host name and the boot of a machine name; boot null in what older rekap versions wrote. */
export function parseMachine(name: string): { host: string; boot: string | null } {
  const i = name.indexOf('#')
  return i < 0 ? { host: name, boot: null } : { host: name.slice(0, i), boot: name.slice(i + 1) || null }
}

function sameBoot(a: string, b: string): boolean {
  if (a === b) return true
  const ta = /^t(\d+)$/.exec(a)
  const tb = /^t(\d+)$/.exec(b)
  return !!ta && !!tb && Math.abs(Number(ta[1]) - Number(tb[1])) <= BOOT_TIME_SLACK_S
}

/**
 * Is `other` this machine, so that its pids can be looked up here? The host names must match, and
 * the boots when both are known; one written without a boot (an older rekap) is judged by its
 * name, as it was.
 */
export function sameMachine(other: string, me: string): boolean {
  const o = parseMachine(other)
  const m = parseMachine(me)
  if (o.host !== m.host) return false
  return o.boot === null || m.boot === null || sameBoot(o.boot, m.boot)
}
