/** This process's own peak RSS in bytes (VmHWM), or null where /proc/self/status has none. */
export function ownPeakRss(): number | null
