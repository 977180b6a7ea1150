/**
 * Face engine benchmark: ms per pair with the pool (one worker per core) before and after the
 * per-engine descriptor cache (each distinct photo described once), peak memory, and the distances
 * seen on the fixture photos. Each phase starts a fresh engine, so every cache starts cold and only
 * the photos repeated within the measured pairs are reused (28 pairs over 15 photos here).
 *
 *   npx tsx bench/face.ts            (reads ../shared/fixtures/faces)
 *   npx tsx bench/face.ts --single   (also the 1-worker engine, no cache)
 *
 * Worker threads live inside this process, so the process's peak RSS (getrusage maxRSS) already
 * includes every worker; each worker's own JS heap and tfjs wasm memory are printed beside it.
 * Wall-clock columns depend on other load on the machine; the CPU column does much less.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createFaceEngine, type FaceEngine, type FaceVerification } from '../src-main/sandbox/face'

const FACES = fileURLToPath(new URL('../../shared/fixtures/faces/', import.meta.url))
const NOT_PAIRED = new Set(['two_people.jpg', 'rgba_32bit.png'])
const MB = 1024 * 1024

const warmUp = [...NOT_PAIRED].map((file) => readFileSync(path.join(FACES, file)))
const labels = readFileSync(path.join(FACES, 'labels.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  .filter(([file]) => !NOT_PAIRED.has(file))
  .map(([file, person]) => ({ file, person, data: readFileSync(path.join(FACES, file)) }))

type Pair = { a: (typeof labels)[number]; b: (typeof labels)[number] }
const allPairs: Pair[] = labels.flatMap((a, i) => labels.slice(i + 1).map((b) => ({ a, b })))
const samePairs = allPairs.filter((p) => p.a.person === p.b.person)
const otherPairs = allPairs.filter((p) => p.a.person !== p.b.person)
// Every same-person pair and as many different-person ones, spread over the list.
const step = Math.max(1, Math.floor(otherPairs.length / samePairs.length))
const pairs = [...samePairs, ...otherPairs.filter((_, i) => i % step === 0).slice(0, samePairs.length)]

/** Samples this process's RSS (workers included) while a phase runs. */
function rssSampler() {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, process.memoryUsage().rss)
    },
  }
}

interface PhaseResult {
  label: string
  workers: number
  startMs: number
  sequentialMsPerPair: number
  queuedMsPerPair: number
  /** CPU time of the whole process (all threads) per pair: independent of other load on the machine */
  cpuMsPerPair: number
  peakRss: number
  results: FaceVerification[]
  workerMemory: Awaited<ReturnType<FaceEngine['workerMemory']>>
}

/** A started engine, warmed up on photos outside the measured pairs (so its cache is still cold). */
async function startEngine(workers: number, cacheDescriptors: boolean) {
  const t0 = performance.now()
  const engine = await createFaceEngine({ workers, cacheDescriptors })
  const startMs = performance.now() - t0
  // the first inference on each worker sets kernels up
  await Promise.all(Array.from({ length: Math.max(1, workers) }, () => engine.verify(warmUp[0], warmUp[1])))
  return { engine, startMs }
}

async function run(label: string, workers: number, cacheDescriptors: boolean): Promise<PhaseResult> {
  const sampler = rssSampler()
  try {
    // One pair at a time: the latency a single request sees (its two images run on two workers).
    const first = await startEngine(workers, cacheDescriptors)
    let t = performance.now()
    try {
      for (const p of pairs) await first.engine.verify(p.a.data, p.b.data)
    } finally {
      await first.engine.close()
    }
    const sequentialMsPerPair = (performance.now() - t) / pairs.length
    // Everything queued at once on a fresh engine: the throughput a batch run gets.
    const { engine, startMs } = await startEngine(workers, cacheDescriptors)
    try {
      t = performance.now()
      const cpu = process.cpuUsage()
      const results = await Promise.all(pairs.map((p) => engine.verify(p.a.data, p.b.data)))
      const queuedMsPerPair = (performance.now() - t) / pairs.length
      const cpuUsed = process.cpuUsage(cpu)
      const cpuMsPerPair = (cpuUsed.user + cpuUsed.system) / 1000 / pairs.length
      const workerMemory = await engine.workerMemory()
      return { label, workers, startMs, sequentialMsPerPair, queuedMsPerPair, cpuMsPerPair, peakRss: sampler.stop(), results, workerMemory }
    } finally {
      await engine.close()
    }
  } finally {
    sampler.stop()
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`

const photos = new Set(pairs.flatMap((p) => [p.a.file, p.b.file])).size
console.log(`face bench: ${pairs.length} pairs (${samePairs.length} same-person) over ${photos} photos, ${os.availableParallelism()} cores, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
const cores = os.availableParallelism()
const single = process.argv.includes('--single') ? [await run('1 worker, no cache', 1, false)] : []
const before = await run(`pool ${cores}, no cache`, cores, false)
const pool = await run(`pool ${cores}, cache`, cores, true)

console.log('')
console.log('engine                 start    ms/pair one-at-a-time   ms/pair all-queued   CPU ms/pair   peak RSS (process, incl. workers)')
for (const r of [...single, before, pool]) {
  console.log(
    `${r.label.padEnd(22)} ${`${r.startMs.toFixed(0)} ms`.padStart(7)}   ${r.sequentialMsPerPair.toFixed(0).padStart(21)}   ${r.queuedMsPerPair.toFixed(0).padStart(18)}   ${r.cpuMsPerPair.toFixed(0).padStart(11)}   ${mb(r.peakRss)}`,
  )
  r.workerMemory.forEach((m, i) =>
    console.log(`    worker ${i + 1}: JS heap ${mb(m.heapUsedBytes)}, tfjs wasm memory ${mb(m.wasmHeapBytes)}`),
  )
}
console.log(`process maxRSS over the whole run (getrusage): ${mb(process.resourceUsage().maxRSS * 1024)}`)
console.log(`load average at the end (other work on the machine slows the wall-clock columns): ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)

console.log(
  `cache / no cache (pool, all queued): ${(pool.queuedMsPerPair / before.queuedMsPerPair).toFixed(2)} wall, ${(pool.cpuMsPerPair / before.cpuMsPerPair).toFixed(2)} CPU; one at a time: ${(pool.sequentialMsPerPair / before.sequentialMsPerPair).toFixed(2)}`,
)

// Accuracy on these photos, for each pool run (the cache must not change a single distance).
const dist = (r: FaceVerification) => (r.ok ? r.debug.distance : Number.NaN)
for (const r of [before, pool]) {
  const distances = r.results.map((result, i) => ({ pair: pairs[i], r: result }))
  const same = distances.filter((d) => d.pair.a.person === d.pair.b.person)
  const other = distances.filter((d) => d.pair.a.person !== d.pair.b.person)
  const wrong = distances.filter((d) => !d.r.ok || d.r.match !== (d.pair.a.person === d.pair.b.person))
  console.log('')
  console.log(`${r.label}: largest same-person distance ${Math.max(...same.map((d) => dist(d.r))).toFixed(3)}, smallest different-person distance ${Math.min(...other.map((d) => dist(d.r))).toFixed(3)}`)
  console.log(`  wrong decisions: ${wrong.length}${wrong.map((d) => ` ${d.pair.a.file}/${d.pair.b.file}`).join('')}`)
}
const maxDiff = Math.max(...pool.results.map((r, i) => Math.abs(dist(r) - dist(before.results[i]))))
console.log(`largest distance change, cache vs no cache: ${maxDiff.toExponential(2)}`)
