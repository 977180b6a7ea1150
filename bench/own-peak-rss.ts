/**
 * Every bench's peak memory of a process it measures: the process's own VmHWM, never
 * `process.resourceUsage().maxRSS` (which a child inherits from a big parent). The one helper is
 * bench/vmhwm.mjs (plain JavaScript: bench/own-peak-probe.mjs loads it into a `rekap` process).
 */
export { ownPeakRss } from './vmhwm.mjs'
