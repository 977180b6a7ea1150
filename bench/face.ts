/**
 * Face engine benchmark: the two detectors side by side on photos the engine has never seen (cache
 * off: every request runs the nets), then the default engine with its per-engine descriptor cache
 * (each distinct photo described once). For each: ms per pair with the pool (one worker per core),
 * CPU ms per pair, peak memory, and the decisions on the fixture photos.
 *
 *   npx tsx bench/face.ts            (reads ../shared/fixtures/faces)
 *   npx tsx bench/face.ts --single   (also the 1-worker engine, no cache)
 *   npx tsx bench/face.ts --sizes 224,320,416,512,608
 *                                    (only this: TinyFaceDetector's input size, CPU per photo and decisions)
 *
 * Detectors: 'ssd' = SSD-MobileNetV1 at its fixed 512x512 (the engine before issue 17); 'tiny' =
 * TinyFaceDetector at 416, handing photos it is unsure of to SSD (detector-choice.ts; the default).
 * Accuracy is checked twice: on the timed pairs (through verify()) and on every fixture pair (91,
 * each photo described once per detector), with how far each distance moved from SSD's.
 *
 * Worker threads live inside this process, so the process's own peak RSS (VmHWM,
 * bench/own-peak-rss.ts) already includes every worker; each worker's own JS heap and tfjs wasm memory are printed beside it.
 * Wall-clock columns depend on other load on the machine; the CPU column does much less.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ownPeakRss } from './own-peak-rss'
import {
  compareImageFaces,
  createFaceEngine,
  DEFAULT_FACE_DETECTOR,
  type FaceDetector,
  type FaceEngine,
  type FaceVerification,
  type ImageFaces,
} from '../src-main/sandbox/face'

const FACES = fileURLToPath(new URL('../../shared/fixtures/faces/', import.meta.url))
const NOT_PAIRED = new Set(['two_people.jpg', 'rgba_32bit.png'])
const MB = 1024 * 1024

const warmUp = [...NOT_PAIRED].map((file) => readFileSync(path.join(FACES, file)))
const allPhotos = readFileSync(path.join(FACES, 'labels.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  .map(([file, person]) => ({ file, person, data: readFileSync(path.join(FACES, file)) }))
const labels = allPhotos.filter(({ file }) => !NOT_PAIRED.has(file))

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
  /** 1-minute load average at the start and the end of the all-queued part (what slowed its wall clock) */
  load: [number, number]
  detector: FaceDetector
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
async function startEngine(workers: number, cacheDescriptors: boolean, detector: FaceDetector) {
  const t0 = performance.now()
  const engine = await createFaceEngine({ workers, cacheDescriptors, detector })
  const startMs = performance.now() - t0
  // the first inference on each worker sets kernels up
  await Promise.all(Array.from({ length: Math.max(1, workers) }, () => engine.verify(warmUp[0], warmUp[1])))
  return { engine, startMs }
}

async function run(label: string, workers: number, cacheDescriptors: boolean, detector: FaceDetector): Promise<PhaseResult> {
  const sampler = rssSampler()
  try {
    // One pair at a time: the latency a single request sees (its two images run on two workers).
    const first = await startEngine(workers, cacheDescriptors, detector)
    let t = performance.now()
    try {
      for (const p of pairs) await first.engine.verify(p.a.data, p.b.data)
    } finally {
      await first.engine.close()
    }
    const sequentialMsPerPair = (performance.now() - t) / pairs.length
    // Everything queued at once on a fresh engine: the throughput a batch run gets.
    const { engine, startMs } = await startEngine(workers, cacheDescriptors, detector)
    try {
      t = performance.now()
      const cpu = process.cpuUsage()
      const loadAtStart = os.loadavg()[0]
      const results = await Promise.all(pairs.map((p) => engine.verify(p.a.data, p.b.data)))
      const queuedMsPerPair = (performance.now() - t) / pairs.length
      const cpuUsed = process.cpuUsage(cpu)
      const cpuMsPerPair = (cpuUsed.user + cpuUsed.system) / 1000 / pairs.length
      const workerMemory = await engine.workerMemory()
      const load: [number, number] = [loadAtStart, os.loadavg()[0]]
      return { label, load, detector, workers, startMs, sequentialMsPerPair, queuedMsPerPair, cpuMsPerPair, peakRss: sampler.stop(), results, workerMemory }
    } finally {
      await engine.close()
    }
  } finally {
    sampler.stop()
  }
}

/** Every fixture photo described once by a fresh pooled engine (no cache): faces and CPU ms per photo. */
async function describeAll(detector: FaceDetector, tinyInputSize?: number) {
  const workers = os.availableParallelism()
  const engine = await createFaceEngine({ workers, cacheDescriptors: false, detector, tinyInputSize })
  try {
    await Promise.all(Array.from({ length: workers }, () => engine.verify(warmUp[0], warmUp[1])))
    const cpu = process.cpuUsage()
    const described = await Promise.all(allPhotos.map((p) => engine.describe(p.data)))
    const used = process.cpuUsage(cpu)
    return { faces: new Map(allPhotos.map((p, i) => [p.file, described[i]])), cpuMsPerPhoto: (used.user + used.system) / 1000 / allPhotos.length }
  } finally {
    await engine.close()
  }
}

/** Decisions on every fixture pair (91) with one engine's faces, and how far each distance moved from SSD's. */
function fixtureReport(label: string, detector: FaceDetector, faces: Map<string, ImageFaces>, ssdFaces: Map<string, ImageFaces>): void {
  const fixturePairs = labels.flatMap((a, i) => labels.slice(i + 1).map((b) => ({ a: a.file, b: b.file, same: a.person === b.person })))
  const outcome = (from: Map<string, ImageFaces>, a: string, b: string) => {
    const r = compareImageFaces(from.get(a)!, from.get(b)!)
    return { decided: r.ok ? r.match : null, distance: r.ok ? r.debug.distance : Number.NaN }
  }
  const rows = fixturePairs.map((p) => ({ p, ...outcome(faces, p.a, p.b), before: outcome(ssdFaces, p.a, p.b) }))
  const wrong = rows.filter((x) => x.decided !== x.p.same)
  const change = (x: (typeof rows)[number]) => Math.abs(x.distance - x.before.distance)
  const moved = rows.reduce((m, x) => (change(x) > change(m) ? x : m), rows[0])
  const handedOver = allPhotos.filter((p) => {
    const f = faces.get(p.file)!
    return f.ok && f.detectedBy !== detector
  })
  const group = compareImageFaces(faces.get('two_people.jpg')!, faces.get('biden_2.jpg')!)
  const same = rows.filter((x) => x.p.same)
  const other = rows.filter((x) => !x.p.same)
  const facesPerPhoto = allPhotos.map((p) => {
    const f = faces.get(p.file)!
    return f.ok ? f.faces.length : 'x'
  })
  console.log(
    `${label}: ${same.length} same-person pairs, largest distance ${Math.max(...same.map((x) => x.distance)).toFixed(3)}; ` +
      `${other.length} different-person pairs, smallest ${Math.min(...other.map((x) => x.distance)).toFixed(3)}; ` +
      `wrong decisions: ${wrong.length}${wrong.map((x) => ` ${x.p.a}/${x.p.b}`).join('')}`,
  )
  console.log(
    `  largest change from ssd: ${change(moved).toFixed(3)} (${moved.p.a}/${moved.p.b} ${moved.before.distance.toFixed(3)} -> ${moved.distance.toFixed(3)}); ` +
      `photos found by ssd instead: ${handedOver.map((p) => p.file).join(', ') || 'none'}`,
  )
  console.log(
    `  two_people.jpg: ${group.ok ? `${group.debug.faces[0]} faces, chosen box x=${group.debug.chosen![0].box.x.toFixed(0)}` : group.reason}; ` +
      `faces per photo: ${facesPerPhoto.join(' ')}`,
  )
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')
const cores = os.availableParallelism()
const photos = new Set(pairs.flatMap((p) => [p.a.file, p.b.file])).size
console.log(`face bench: ${pairs.length} pairs (${samePairs.length} same-person) over ${photos} photos, ${cores} cores, Node ${process.version}, load ${load()}`)
const sizesArg = process.argv.indexOf('--sizes')
if (sizesArg >= 0) {
  // TinyFaceDetector's input size: cost and decisions (each photo once per size, pool, no cache).
  const sizes = (process.argv[sizesArg + 1] ?? '224,320,416,512,608').split(',').map(Number)
  const ssdRun = await describeAll('ssd')
  console.log(`\nssd (512x512): ${ssdRun.cpuMsPerPhoto.toFixed(0)} CPU ms per photo`)
  fixtureReport('ssd', 'ssd', ssdRun.faces, ssdRun.faces)
  for (const size of sizes) {
    const run = await describeAll('tiny', size)
    console.log(`\ntiny at ${size}: ${run.cpuMsPerPhoto.toFixed(0)} CPU ms per photo (with SSD for the photos handed to it)`)
    fixtureReport(`tiny ${size}`, 'tiny', run.faces, ssdRun.faces)
  }
  console.log(`load average at the end: ${load()}`)
  process.exit(0)
}
const single = process.argv.includes('--single') ? [await run(`${DEFAULT_FACE_DETECTOR}, 1 worker, no cache`, 1, false, DEFAULT_FACE_DETECTOR)] : []
const ssd = await run(`ssd, pool ${cores}, no cache`, cores, false, 'ssd')
const tiny = await run(`tiny, pool ${cores}, no cache`, cores, false, 'tiny')
const cached = await run(`${DEFAULT_FACE_DETECTOR}, pool ${cores}, cache`, cores, true, DEFAULT_FACE_DETECTOR)
const byDetector = { ssd, tiny }
const phases = [...single, ssd, tiny, cached]

console.log('')
console.log('engine                      start    ms/pair one-at-a-time   ms/pair all-queued   CPU ms/pair   load (queued)   peak RSS (process, incl. workers)')
for (const r of phases) {
  console.log(
    `${r.label.padEnd(27)} ${`${r.startMs.toFixed(0)} ms`.padStart(7)}   ${r.sequentialMsPerPair.toFixed(0).padStart(21)}   ${r.queuedMsPerPair.toFixed(0).padStart(18)}   ${r.cpuMsPerPair.toFixed(0).padStart(11)}   ${r.load.map((l) => l.toFixed(1)).join('-').padStart(13)}   ${mb(r.peakRss)}`,
  )
  r.workerMemory.forEach((m, i) =>
    console.log(`    worker ${i + 1}: JS heap ${mb(m.heapUsedBytes)}, tfjs wasm memory ${mb(m.wasmHeapBytes)}`),
  )
}
console.log(`process's own peak RSS over the whole run (VmHWM): ${mb(ownPeakRss() ?? process.memoryUsage().rss)}`)
console.log(`load average at the end of the timed phases (other work on the machine slows the wall-clock columns): ${load()}`)
console.log(
  `tiny / ssd, new photos (pool, all queued): ${(tiny.queuedMsPerPair / ssd.queuedMsPerPair).toFixed(2)} wall, ${(tiny.cpuMsPerPair / ssd.cpuMsPerPair).toFixed(2)} CPU; one at a time: ${(tiny.sequentialMsPerPair / ssd.sequentialMsPerPair).toFixed(2)}`,
)
const uncachedDefault = byDetector[DEFAULT_FACE_DETECTOR]
console.log(
  `cache / no cache (${DEFAULT_FACE_DETECTOR}, pool, all queued): ${(cached.queuedMsPerPair / uncachedDefault.queuedMsPerPair).toFixed(2)} wall, ${(cached.cpuMsPerPair / uncachedDefault.cpuMsPerPair).toFixed(2)} CPU; one at a time: ${(cached.sequentialMsPerPair / uncachedDefault.sequentialMsPerPair).toFixed(2)}`,
)

// Decisions on the timed pairs, through verify() (the cache must not change a single distance).
const dist = (r: FaceVerification) => (r.ok ? r.debug.distance : Number.NaN)
for (const r of phases) {
  const distances = r.results.map((result, i) => ({ pair: pairs[i], r: result }))
  const same = distances.filter((d) => d.pair.a.person === d.pair.b.person)
  const other = distances.filter((d) => d.pair.a.person !== d.pair.b.person)
  const wrong = distances.filter((d) => !d.r.ok || d.r.match !== (d.pair.a.person === d.pair.b.person))
  console.log('')
  console.log(`${r.label}: largest same-person distance ${Math.max(...same.map((d) => dist(d.r))).toFixed(3)}, smallest different-person distance ${Math.min(...other.map((d) => dist(d.r))).toFixed(3)}`)
  console.log(`  wrong decisions: ${wrong.length}${wrong.map((d) => ` ${d.pair.a.file}/${d.pair.b.file}`).join('')}`)
}
const maxDiff = Math.max(...cached.results.map((r, i) => Math.abs(dist(r) - dist(uncachedDefault.results[i]))))
console.log(`largest distance change, cache vs no cache: ${maxDiff.toExponential(2)}`)

// Every fixture pair (not only the timed ones), each photo described once per detector.
console.log('')
console.log('every fixture pair (each photo described once per detector, no cache):')
const described = { ssd: await describeAll('ssd'), tiny: await describeAll('tiny') }
for (const detector of ['ssd', 'tiny'] as const) fixtureReport(detector, detector, described[detector].faces, described.ssd.faces)
console.log(`load average at the end: ${load()}`)
