// Loaded with `node --import bench/own-peak-probe.mjs <script>` into a process a bench measures from
// outside (a real `rekap` process): when that process exits it writes, on stderr, its own peak RSS
// (VmHWM, bench/vmhwm.mjs) and its CPU time, one line the bench reads:
//   REKAP_OWN_PEAK <bytes> <cpu ms>
// The process runs unchanged otherwise (stderr is a pipe: the write is synchronous on Linux).
import { ownPeakRss } from './vmhwm.mjs'

process.on('exit', () => {
  const cpu = process.cpuUsage()
  process.stderr.write(`\nREKAP_OWN_PEAK ${ownPeakRss() ?? 0} ${(cpu.user + cpu.system) / 1000}\n`)
})
