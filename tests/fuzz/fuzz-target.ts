import { basename, join } from 'node:path'

import { defaultContext } from '../../src-main/core/context'
import { createEngine, guessKind, type Engine } from '../../src-main/core/engine'
import { kindModule } from '../../src-main/core/kinds/registry'
import { writeAnnotatedCopy } from '../../src-main/core/export'
import { verifyReport } from '../../src-main/core/export/verify-report'
import { openTable } from '../../src-main/core/importers'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { openStore, type Store } from '../../src-main/core/store'
import { TextError } from '../../src-main/core/texts/core-text'

/**
 * What one mutant is run through, in-process: the code `rekap run <file> --dry-run` runs (open the
 * table, guess the kind, plan: import, pre-flight, store), and the exceljs-based paths (the
 * annotated copy, `rekap verify`). Every run must end in a plan or a refusal naming the file.
 */
export type Outcome = 'plan' | 'refusal' | 'crash'
export interface RunResult {
  outcome: Outcome
  message: string
}

export class FuzzTarget {
  private readonly store: Store
  private readonly engine: Engine

  constructor(private readonly dir: string) {
    this.store = openStore(join(dir, 'fuzz.db'))
    this.engine = createEngine({
      store: this.store,
      ctx: defaultContext(),
      picturesDir: join(dir, 'pictures'),
      resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'fuzz', sandbox: true }),
    })
  }

  /** `rekap run <file> --dry-run`, without the process around it. */
  async dryRun(file: string): Promise<RunResult> {
    return judge(file, async () => {
      const table = await openTable(file, { pictures: false })
      const headers = table.headers
      await table.close()
      const guessed = guessKind(headers)
      // a directory kind asks the service for its filter lists while planning; the reader is what is
      // fuzzed here, so such a sheet is planned as a lookup (the same import and pre-flight code)
      const kind = guessed && kindModule(guessed).fromQuery ? 'hospital-lookup' : guessed
      if (!kind) return { outcome: 'refusal', message: `${basename(file)}: no kind fits (the CLI refuses naming the file)` }
      const plan = await this.engine.plan({ file, kind, mapOverrides: [], settings: defaultJobSettings({ sandbox: true }) })
      return { outcome: 'plan', message: `${kind}: ${plan.jobId}` }
    })
  }

  /** The annotated copy of a job whose input is the file, then `rekap verify` of the file. */
  async exceljsPaths(file: string): Promise<RunResult[]> {
    const copy = await judge(file, async () => {
      const job = this.store.jobs.create({ kind: 'hospital-lookup', inputFile: file, headers: [], settings: {} } as never, Date.now())
      await writeAnnotatedCopy(this.store, job.id, { out: join(this.dir, 'annotated.xlsx') })
      return { outcome: 'plan', message: 'annotated copy written' }
    })
    const verify = await judge(file, async () => {
      await verifyReport(file, { store: null })
      return { outcome: 'plan', message: 'verified' }
    })
    return [copy, verify]
  }

  async close(): Promise<void> {
    await this.engine.close()
    this.store.close()
  }
}

/** A refusal is a text error that names the file; anything else thrown is a crash. */
async function judge(file: string, run: () => Promise<RunResult>): Promise<RunResult> {
  try {
    return await run()
  } catch (err) {
    const message = (err as Error)?.message ?? String(err)
    if (err instanceof TextError && message.includes(basename(file))) return { outcome: 'refusal', message }
    return { outcome: 'crash', message: `${(err as Error)?.name}: ${message}\n${((err as Error)?.stack ?? '').split('\n').slice(1, 6).join('\n')}` }
  }
}
