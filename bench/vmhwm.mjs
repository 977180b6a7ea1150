import { readFileSync } from 'node:fs'

/**
 * This process's own peak RSS, in bytes: VmHWM belongs to the memory map exec made. Not
 * `process.resourceUsage().maxRSS` in a child: Linux counts in it the RSS the child had as a fork
 * of its parent, so a 1,000,000-row csv plan of 296 MB read as 445 MB when the bench's parent had
 * just written the inputs (issue 27). Elsewhere than Linux: null (use memory samples).
 * Plain JavaScript, so a process that runs without tsx (the built `rekap`) can load it too
 * (bench/own-peak-probe.mjs); the benches in TypeScript import it through bench/own-peak-rss.ts.
 * @returns {number | null}
 */
export function ownPeakRss() {
  try {
    const kb = /VmHWM:\s*(\d+)\s*kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : null
  } catch {
    return null
  }
}
