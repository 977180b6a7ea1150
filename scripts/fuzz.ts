/**
 * The workbook reader's fuzzer, for a developer: `npm run fuzz -- [--seed N] [--count N] [--exceljs]
 * [--per-mutant-ms N] [--max-rss-mb N] [--seeds name,name]`. Mutates the example workbooks, the
 * hostile files of issues 24/28 and the bad-input fixtures at the zip and XML level, runs each through
 * the dry run's reader (or, with --exceljs, the annotated copy and verify) under a time and memory
 * bound, and writes every failure as a found case (tests/fuzz/found/<date>-seed<N>.json) that the
 * suite (tests/security/fuzz-reader.test.ts) then replays on every run. Exit 1 when anything failed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { FOUND_DIR, type FoundCase } from '../tests/fuzz/found-cases'
import { runFuzz } from '../tests/fuzz/fuzz-runner'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}

async function main(): Promise<void> {
  const seed = option('seed', Math.floor(Math.random() * 2 ** 31))
  const count = option('count', 2000)
  const exceljs = process.argv.includes('--exceljs')
  const seedsAt = process.argv.indexOf('--seeds')
  const seeds = seedsAt > 0 ? process.argv[seedsAt + 1].split(',') : undefined
  const dir = mkdtempSync(join(tmpdir(), 'rekap-fuzz-'))
  console.log(`fuzzing ${exceljs ? 'the exceljs paths' : 'the reader'}: seed ${seed}, ${count} mutants (replay with --seed ${seed})`)
  const started = performance.now()
  let shown = 0
  const report = await runFuzz({
    seed,
    count,
    exceljs,
    seeds,
    perMutantMs: option('per-mutant-ms', 10_000),
    maxRssMb: option('max-rss-mb', 1024),
    dir,
    onDone: (index) => {
      if (index - shown >= 100) process.stdout.write(`  ${(shown = index)} done\n`)
    },
  })
  rmSync(dir, { recursive: true, force: true })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${report.ran} mutants in ${seconds} s: ${JSON.stringify(report.outcomes)}; slowest ${Math.round(report.slowestMs)} ms (${report.slowest}); peak ${Math.round(report.peakRssMb)} MB`)
  if (report.largest) console.log(`largest growth: ${Math.round(report.largest.grewMb)} MB, ${report.largest.seedName} index ${report.largest.index} (${report.largest.what})`)
  if (!report.failures.length) return
  const cases: FoundCase[] = report.failures.map((f) => ({
    seedName: f.seedName,
    seed: f.seed,
    index: f.index,
    path: exceljs ? 'exceljs' : 'reader',
    what: f.what.slice(0, 200),
    found: `${new Date().toISOString().slice(0, 10)}: ${f.outcome}: ${f.message.split('\n')[0].slice(0, 200)}`,
  }))
  const file = join(FOUND_DIR, `${new Date().toISOString().slice(0, 10)}-seed${seed}${exceljs ? '-exceljs' : ''}.json`)
  writeFileSync(file, JSON.stringify(cases, null, 1) + '\n')
  for (const f of report.failures) console.log(`\nFAILED ${f.seedName} index ${f.index} (${f.what}): ${f.outcome}\n${f.message}`)
  console.log(`\n${cases.length} failure(s) written to ${file}; fix each, and the suite replays them from now on`)
  process.exitCode = 1
}

void main()
