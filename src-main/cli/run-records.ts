import { createWriteStream } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { once } from 'node:events'
import { resolve } from 'node:path'
import type { CliEngine } from './cli-engine'
import { allRows, buildRunRecord, type RowPager } from '../core/unattended/run-record'
import { junitLines } from '../core/unattended/junit-record'
import { assertWritableOutput } from '../core/paths/output-path'

/** `--record-json F` and `--junit F` on run, resume, retry-failed and watch. */
export interface RecordFlags {
  recordJson?: string
  junit?: string
}

/** Throws OutputPathError (exit 2) when a record's path cannot be written: asked before a run sends anything, and again when writing. */
export function assertRecordPathsWritable(flags: RecordFlags): void {
  for (const file of [flags.recordJson, flags.junit]) if (file) assertWritableOutput(resolve(file))
}

/**
 * Writes the job's run record (JSON) and/or JUnit document once the job has settled. Each file
 * appears whole or not at all (written beside, then renamed), so a pipeline never reads half.
 */
export async function writeRunRecords(
  cli: CliEngine,
  jobId: string,
  flags: RecordFlags,
  report: { path: string; digest: string | null } | null,
): Promise<void> {
  if (!flags.recordJson && !flags.junit) return
  assertRecordPathsWritable(flags)
  const rows: RowPager = (offset, limit) => cli.engine.rows(jobId, offset, limit)
  const record = buildRunRecord(cli.store, jobId, rows, report)
  if (flags.recordJson) {
    const out = resolve(flags.recordJson)
    await writeFile(`${out}.part`, JSON.stringify(record, null, 2) + '\n')
    await rename(`${out}.part`, out)
  }
  if (flags.junit) {
    const out = resolve(flags.junit)
    const stream = createWriteStream(`${out}.part`)
    for (const line of junitLines(record, allRows(rows))) {
      if (!stream.write(line + '\n')) await once(stream, 'drain')
    }
    stream.end()
    await once(stream, 'finish')
    await rename(`${out}.part`, out)
  }
}
