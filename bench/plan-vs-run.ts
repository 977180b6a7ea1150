/**
 * Issue 23 item 8: does the plan's duration hold? For each kind, a real `rekap run --yes` on the
 * embedded sandbox at the plan the job states: the plan line the user reads before confirming
 * ("about 1m40s") against the time from that line to the end of the run (report written), timed
 * from outside. Prints plan vs real and the ratio per kind.
 *
 *   npx tsx bench/plan-vs-run.ts                    # every kind, BENCH_ROWS=10000
 *   BENCH_ROWS=1000 BENCH_KINDS=face-match,regions npx tsx bench/plan-vs-run.ts
 *
 * Rows per kind: lookups, face pairs and school searches BENCH_ROWS distinct rows; regency
 * autocomplete at most 5,000 (the regional starter plan's monthly quota, the only regional plan);
 * the directory kinds and regions are queries whose answers add up to about BENCH_ROWS records
 * (the sandbox has ~3,500 hospitals in all: hospital directory = every province).
 * A dry run is not used: it sends nothing, so a directory plan cannot count pages (it says so).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { loadRegionTree } from '../src-main/core/regions/region-tree'

const ROOT = resolve(import.meta.dirname, '..')
const N = Number(process.env.BENCH_ROWS ?? 10_000)
const ALL = ['hospital-lookup', 'school-lookup', 'face-match', 'hospital-directory', 'school-directory', 'regions', 'school-search', 'regency-autocomplete']
const KINDS = (process.env.BENCH_KINDS ?? ALL.join(',')).split(',')
const dir = mkdtempSync(join(tmpdir(), 'rekap-plan-vs-run-'))
const tree = loadRegionTree()

const csv = (name: string, header: string, lines: string[]): string => {
  const file = join(dir, name)
  writeFileSync(file, [header, ...lines].join('\n') + '\n')
  return file
}
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i)

/** n distinct photos of each side: the example's faces, each copy brightened a little (new bytes). */
async function facePhotos(n: number): Promise<{ ktp: string[]; selfie: string[] }> {
  const src = join(ROOT, 'examples/kyc/photos')
  const ktp = ['01', '02', '03', '04', '05'].map((k) => readFileSync(join(src, `ktp-${k}.jpg`)))
  const selfie = ['01', '02', '03', '04', '05'].map((k) => readFileSync(join(src, `selfie-${k}.jpg`)))
  mkdirSync(join(dir, 'photos'))
  const out = { ktp: [] as string[], selfie: [] as string[] }
  for (const [side, images] of [['ktp', ktp], ['selfie', selfie]] as const) {
    for (const i of range(n)) {
      const name = `photos/${side}-${i}.jpg`
      await sharp(images[i % images.length]).modulate({ brightness: 1 + i * 0.002 }).jpeg({ quality: 90 }).toFile(join(dir, name))
      out[side].push(name)
    }
  }
  return out
}

async function input(kind: string): Promise<{ file: string; args: string[]; note: string }> {
  if (kind === 'hospital-lookup') {
    const file = csv('hospitals.csv', 'Kode RS', range(N).map((i) => String(3100000 + i)))
    return { file, args: ['--hospital-plan', 'premium'], note: `${N} codes, premium plan` }
  }
  if (kind === 'school-lookup') return { file: csv('schools.csv', 'NPSN', range(N).map((i) => String(20000000 + i))), args: [], note: `${N} NPSN, starter plan` }
  if (kind === 'face-match') {
    const side = Math.ceil(Math.sqrt(N))
    const p = await facePhotos(side)
    const lines = range(N).map((i) => `${3273010000000000 + i},Nasabah ${i},${p.ktp[Math.floor(i / side)]},${p.selfie[i % side]}`)
    return { file: csv('kyc.csv', 'NIK,Nama,Foto KTP,Foto Selfie', lines), args: [], note: `${N} distinct pairs over ${2 * side} photos` }
  }
  if (kind === 'hospital-directory') {
    return { file: csv('hospital-directory.csv', 'Kode Provinsi', tree.provinces.map((p) => p.code)), args: [], note: `${tree.provinces.length} provinces (every hospital)` }
  }
  if (kind === 'school-directory') {
    // ~230 primary schools a regency in the sandbox: N / 230 regencies give about N records
    const regencies = tree.regencies.slice(0, Math.max(1, Math.round(N / 230)))
    return { file: csv('school-directory.csv', 'Kode Kabupaten,Jenjang', regencies.map((r) => `${r.code},SD`)), args: [], note: `${regencies.length} regencies x SD` }
  }
  if (kind === 'regions') {
    // a province's rows are its regencies and districts: provinces in tree order until about N rows
    const codes: string[] = []
    let rows = 0
    for (const p of tree.provinces) {
      if (rows >= N) break
      codes.push(p.code)
      for (const r of tree.regenciesByProvince.get(p.code) ?? []) rows += 1 + (tree.districtsByRegency.get(r.code)?.length ?? 0)
    }
    return { file: csv('regions.csv', 'Kode Provinsi', codes), args: ['--kind', 'regions'], note: `${codes.length} provinces, ${rows} regencies and districts` }
  }
  if (kind === 'school-search') return { file: csv('search.csv', 'Kata Kunci', range(N).map((i) => `SD NEGERI ${i + 1}`)), args: ['--kind', kind], note: `${N} search texts` }
  if (kind === 'regency-autocomplete') {
    const n = Math.min(N, 5000)
    return { file: csv('regency.csv', 'Nama Kabupaten', range(n).map((i) => `Bandung ${i + 1}`)), args: ['--kind', kind], note: `${n} names (regional starter quota 5,000)` }
  }
  throw new Error(`bench/plan-vs-run.ts: no input for ${kind}`)
}

/** "about 1m40s" / "about 24s" / "about 2h05m" -> seconds */
function planSeconds(line: string): number {
  const m = /(?:about|at least) (?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?/.exec(line)
  if (!m) throw new Error(`no duration in: ${line}`)
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)
}

function run(kind: string, file: string, args: string[]): Promise<{ plan: string; planned: number; real: number; out: string }> {
  const db = join(dir, `${kind}.db`)
  const child = spawn(process.execPath, ['bin/rekap.mjs', 'run', file, ...args, '--yes', '--db', db, '--out', join(dir, `${kind}.xlsx`)], {
    cwd: ROOT,
    env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'en' },
  })
  let out = ''
  let planAt = 0
  let plan = ''
  const onData = (d: Buffer): void => {
    out += d
    if (!planAt) {
      const line = out.split('\n').find((l) => l.startsWith('plan: '))
      if (line) [planAt, plan] = [performance.now(), line]
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      if (code !== 0 || !planAt) return fail(new Error(`${kind}: exit ${code}\n${out.slice(-2000)}`))
      done({ plan, planned: planSeconds(plan), real: (performance.now() - planAt) / 1000, out })
    }),
  )
}

console.log(`plan vs run, BENCH_ROWS=${N}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
for (const kind of KINDS) {
  const { file, args, note } = await input(kind)
  const r = await run(kind, file, args)
  const ratio = r.real / Math.max(1, r.planned)
  console.log(`${kind.padEnd(20)} plan ${String(r.planned).padStart(5)} s   real ${r.real.toFixed(1).padStart(7)} s   real/plan ${ratio.toFixed(2)}   (${note}; load ${loadavg()[0].toFixed(1)})`)
  console.log(`  ${r.plan}`)
}
console.log(`load after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
rmSync(dir, { recursive: true, force: true })
