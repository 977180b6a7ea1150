/**
 * Issue 28: a fuzzer in the suite. A bounded, seeded run of mutants of the example workbooks and the
 * hostile files of issues 24 and 28 (tests/fuzz/corpus.ts), at the zip and the XML level, each run
 * in-process through the code `rekap run --dry-run` runs, and through the exceljs paths (annotated
 * copy, verify); a handful through the real CLI. Every run must end in a plan or a refusal naming
 * the file, within a time and memory bound. `npm run fuzz` runs longer with any seed.
 *
 * FUZZ_SEED=<n> replays another seed; the default is fixed so a CI failure reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { corpus } from '../fuzz/corpus'
import { foundCases } from '../fuzz/found-cases'
import { runFuzz, type FuzzReport } from '../fuzz/fuzz-runner'
import { mutant } from '../fuzz/mutators'
import { rekap } from './helpers'

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
// each mutant within 20 s (the slowest seen: 3.9 s at load 20 on 2 cores; the hangs fuzzing found ran for minutes), and growing the process by at most 512 MB (the worker's heap is capped at that too)
const BOUND = { perMutantMs: 20_000, maxRssMb: 512 }
// the bad-input fixtures (scripts/make-bad-inputs.ts) the runs mutate, generated once for the file (~2 s of CPU each time)
const shared = () => ({ badInputsDir: join(tmp.dir, 'bad-inputs') })

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-fuzz-')))
afterAll(() => tmp.cleanup())

function explain(r: FuzzReport): string {
  return r.failures.map((f) => `${f.seedName} seed ${f.seed} index ${f.index} (${f.what}): ${f.outcome}: ${f.message}`).join('\n\n')
}

describe(`fuzzing the workbook reader (seed ${SEED})`, () => {
  it('400 mutants through the dry run: each a plan or a refusal naming the file, each within 20 s', async () => {
    const r = await runFuzz({ seed: SEED, count: 400, ...BOUND, ...shared(), dir: join(tmp.dir, 'reader') })
    console.log(`reader: ${r.ran} mutants, ${JSON.stringify(r.outcomes)}, slowest ${Math.round(r.slowestMs)} ms (${r.slowest}), peak ${Math.round(r.peakRssMb)} MB`)
    expect(r.failures, explain(r)).toEqual([])
    expect(r.ran).toBe(400)
    expect(r.outcomes.plan ?? 0).toBeGreaterThan(20) // the mutations leave many workbooks readable: the plan path is exercised
    expect(r.outcomes.refusal ?? 0).toBeGreaterThan(20)
  })

  it('60 mutants through the annotated copy and rekap verify (exceljs): refusals naming the file', async () => {
    const r = await runFuzz({ seed: SEED + 1, count: 60, ...BOUND, ...shared(), exceljs: true, dir: join(tmp.dir, 'exceljs') })
    console.log(`exceljs paths: ${r.ran} mutants, ${JSON.stringify(r.outcomes)}, slowest ${Math.round(r.slowestMs)} ms (${r.slowest}), peak ${Math.round(r.peakRssMb)} MB`)
    expect(r.failures, explain(r)).toEqual([])
  })

  it('every failure the fuzzer ever found stays fixed', async () => {
    const cases = foundCases()
    expect(cases.length).toBeGreaterThan(0)
    for (const path of ['reader', 'exceljs'] as const) {
      const tasks = cases.filter((c) => c.path === path)
      if (!tasks.length) continue
      const r = await runFuzz({ seed: 0, count: 0, tasks, ...BOUND, ...shared(), exceljs: path === 'exceljs', dir: join(tmp.dir, `found-${path}`) })
      expect(r.failures, explain(r)).toEqual([])
      expect(r.ran).toBe(tasks.length)
    }
  })

  it('a handful through the real CLI: exit 0 (plan) or 2 (refusal naming the file), never "unexpected error"', async () => {
    const seeds = corpus()
    for (let i = 0; i < 6; i++) {
      const seed = seeds[(i * 7) % seeds.length]
      const m = mutant(seed.bytes(), SEED, 10_000 + i)
      const file = join(tmp.dir, `cli-${i}-${basename(seed.name)}`)
      writeFileSync(file, m.bytes)
      const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--db', join(tmp.dir, 'cli.db')], { timeoutMs: 60_000 })
      const why = `${seed.name} (${m.what}): exit ${r.code}\n${r.out}`
      expect(r.out, why).not.toMatch(/unexpected error/)
      expect([0, 2], why).toContain(r.code)
      if (r.code === 2) expect(r.out, why).toContain(basename(file))
    }
  })
})
