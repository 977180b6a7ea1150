import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { openStore } from '../core/store'
import { openDataFile } from './data-file-open'
import { compareJobs, CompareError } from '../core/unattended/compare-runs'
import { changedRows, writeComparison } from '../core/unattended/compare-report'
import { dbPathFrom } from './data-file-path'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { coreMessage } from './core-message'
import { coreText } from '../core/texts/core-text'

/** `rekap compare <job-a> <job-b> --out F.xlsx`: what changed between two runs of the same kind. */
export async function compareCommand(a: string, b: string, o: { out?: string; db?: string; json?: boolean; key?: string[] }): Promise<number> {
  const file = dbPathFrom(o.db)
  const bothFiles = [a, b].every((x) => /\.xlsx$/i.test(x))
  if (!bothFiles && !existsSync(file)) throw new CliError(t().noDataFile(file), EXIT.usage)
  const store = existsSync(file) ? openDataFile(file, () => openStore(file)) : null
  try {
    const c = await compareJobs(store, resolveArg(a), resolveArg(b), cliLang(), o.key ?? [])
    if (o.out) await writeComparison(c, resolve(o.out), cliLang())
    if (o.json) {
      process.stdout.write(JSON.stringify({ jobA: c.jobA, jobB: c.jobB, kind: c.kind, keyColumns: c.keyColumns, changed: c.changed, added: c.added.length, removed: c.removed.length, unchanged: c.unchanged }) + '\n')
    } else {
      process.stdout.write(t().core(coreText('compare.summary', { a: c.jobA, b: c.jobB, rows: changedRows(c), cells: c.changed.length, added: c.added.length, removed: c.removed.length, same: c.unchanged })) + '\n')
      if (o.out) process.stdout.write(t().report(resolve(o.out)) + '\n')
    }
    return EXIT.ok
  } catch (err) {
    if (err instanceof CompareError) throw new CliError(coreMessage(err), EXIT.usage)
    throw err
  } finally {
    store?.close()
  }
}

function resolveArg(x: string): string {
  return /\.xlsx$/i.test(x) ? resolve(x) : x
}
