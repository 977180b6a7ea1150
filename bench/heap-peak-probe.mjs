// Loaded with `node --import bench/heap-peak-probe.mjs <script>` into a process measured from
// outside (a real `rekap run --dry-run`, say): what its memory held when its RSS peaked. Every
// REKAP_PROBE_MS (default 50) it samples the RSS, V8's heap (committed and used, per space) and
// the memory outside it (external, array buffers); at exit it writes, on stderr, the sample taken
// at the highest RSS:
//   HEAP_PEAK t=<ms> rss=<MB> heapTotal=<MB> heapUsed=<MB> external=<MB> arrayBuffers=<MB> VmHWM=<MB>
//   HEAP_PEAK committed <space>=<MB> ...
//   HEAP_PEAK used <space>=<MB> ...
// REKAP_PROBE_SNAPSHOT_MB=<n>: the first time the RSS passes n MB, a heap snapshot is written to
// the working folder (v8.writeHeapSnapshot, which collects first: what is live, not the garbage
// the peak also holds), for bench/heap-snapshot-summary.mjs. The snapshot stalls the process for
// seconds and moves its later peak: take peaks and snapshots in separate runs.
import v8 from 'node:v8'
import { ownPeakRss } from './vmhwm.mjs'

const every = Number(process.env.REKAP_PROBE_MS ?? 50)
const snapshotAt = process.env.REKAP_PROBE_SNAPSHOT_MB ? Number(process.env.REKAP_PROBE_SNAPSHOT_MB) * 1048576 : Infinity
const start = performance.now()
let peak = null
let snapshotTaken = false

function sample() {
  const rss = process.memoryUsage.rss()
  if (!snapshotTaken && rss > snapshotAt) {
    snapshotTaken = true
    process.stderr.write(`HEAP_SNAPSHOT ${v8.writeHeapSnapshot()} at rss=${mb(rss)}\n`)
  }
  if (peak && rss <= peak.rss) return
  // the whole memoryUsage() and the space statistics only when the RSS is the highest yet
  const m = process.memoryUsage()
  const spaces = v8.getHeapSpaceStatistics()
  peak = { t: performance.now() - start, rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spaces }
}

const mb = (b) => (b / 1048576).toFixed(0)
const space = (s) => s.space_name.replace(/_space$/, '')

setInterval(sample, every).unref()
process.on('exit', () => {
  sample()
  const p = peak
  const lines = [
    `HEAP_PEAK t=${p.t.toFixed(0)} rss=${mb(p.rss)} heapTotal=${mb(p.heapTotal)} heapUsed=${mb(p.heapUsed)} external=${mb(p.external)} arrayBuffers=${mb(p.arrayBuffers)} VmHWM=${mb(ownPeakRss() ?? 0)}`,
    'HEAP_PEAK committed ' + p.spaces.filter((s) => s.physical_space_size > 0).map((s) => `${space(s)}=${mb(s.physical_space_size)}`).join(' '),
    'HEAP_PEAK used ' + p.spaces.filter((s) => s.physical_space_size > 0).map((s) => `${space(s)}=${mb(s.space_used_size)}`).join(' '),
  ]
  process.stderr.write('\n' + lines.join('\n') + '\n')
})
