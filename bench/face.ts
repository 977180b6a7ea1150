/**
 * Face engine benchmark: ms per pair with 1 worker and with the pool (one worker per core), peak
 * memory, and the distances seen on the fixture photos.
 *
 *   npx tsx bench/face.ts            (reads ../shared/fixtures/faces)
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

async function run(label: string, workers: number): Promise<PhaseResult> {
  const sampler = rssSampler()
  const t0 = performance.now()
  const engine = await createFaceEngine({ workers })
  const startMs = performance.now() - t0
  try {
    await engine.verify(pairs[0].a.data, pairs[0].b.data) // warm-up: the first inference sets kernels up
    // One pair at a time: the latency a single request sees (its two images run on two workers).
    let t = performance.now()
    for (const p of pairs) await engine.verify(p.a.data, p.b.data)
    const sequentialMsPerPair = (performance.now() - t) / pairs.length
    // Everything queued at once: the throughput a batch run gets.
    t = performance.now()
    const cpu = process.cpuUsage()
    const results = await Promise.all(pairs.map((p) => engine.verify(p.a.data, p.b.data)))
    const queuedMsPerPair = (performance.now() - t) / pairs.length
    const cpuUsed = process.cpuUsage(cpu)
    const cpuMsPerPair = (cpuUsed.user + cpuUsed.system) / 1000 / pairs.length
    const workerMemory = await engine.workerMemory()
    return { label, workers, startMs, sequentialMsPerPair, queuedMsPerPair, cpuMsPerPair, peakRss: sampler.stop(), results, workerMemory }
  } finally {
    sampler.stop()
    await engine.close()
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`

console.log(`face bench: ${pairs.length} pairs (${samePairs.length} same-person), ${os.availableParallelism()} cores, Node ${process.version}`)
const single = await run('1 worker', 1)
const pool = await run(`pool (${os.availableParallelism()} workers)`, os.availableParallelism())

console.log('')
console.log('engine                 start    ms/pair one-at-a-time   ms/pair all-queued   CPU ms/pair   peak RSS (process, incl. workers)')
for (const r of [single, pool]) {
  console.log(
    `${r.label.padEnd(22)} ${`${r.startMs.toFixed(0)} ms`.padStart(7)}   ${r.sequentialMsPerPair.toFixed(0).padStart(21)}   ${r.queuedMsPerPair.toFixed(0).padStart(18)}   ${r.cpuMsPerPair.toFixed(0).padStart(11)}   ${mb(r.peakRss)}`,
  )
  r.workerMemory.forEach((m, i) =>
    console.log(`    worker ${i + 1}: JS heap ${mb(m.heapUsedBytes)}, tfjs wasm memory ${mb(m.wasmHeapBytes)}`),
  )
}
console.log(`process maxRSS over the whole run (getrusage): ${mb(process.resourceUsage().maxRSS * 1024)}`)
console.log(`load average at the end (other work on the machine slows the wall-clock columns): ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)

// Accuracy on these photos, from the pool run.
const distances = pool.results.map((r, i) => ({ pair: pairs[i], r }))
const worstSame = distances.filter((d) => d.pair.a.person === d.pair.b.person)
const worstOther = distances.filter((d) => d.pair.a.person !== d.pair.b.person)
const dist = (r: FaceVerification) => (r.ok ? r.debug.distance : Number.NaN)
const wrong = distances.filter((d) => !d.r.ok || d.r.match !== (d.pair.a.person === d.pair.b.person))
console.log('')
console.log(`largest same-person distance:     ${Math.max(...worstSame.map((d) => dist(d.r))).toFixed(3)}`)
console.log(`smallest different-person distance: ${Math.min(...worstOther.map((d) => dist(d.r))).toFixed(3)}`)
console.log(`wrong decisions: ${wrong.length}${wrong.map((d) => ` ${d.pair.a.file}/${d.pair.b.file}`).join('')}`)
