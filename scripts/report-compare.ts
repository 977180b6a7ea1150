/**
 * Byte-compares the reports of a store before and after a change that is not meant to change
 * them (issue 25's moves). `write DB OUTDIR` writes every job's xlsx report and annotated copy
 * at a fixed time; run it with the old tree and the new one on copies of the same store, then
 * `compare DIR1 DIR2` lists every xlsx part that differs (docProps/core.xml, which holds the
 * creation time, aside). Exit 1 when any part differs.
 */
import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { openStore } from '../src-main/core/store'
import { writeAnnotatedCopy, writeJobReport } from '../src-main/core/export'
import { ZipDirectory } from '../src-main/core/importers/zip-directory'

const FIXED = Date.UTC(2026, 10, 24, 3, 0, 0)

async function write(db: string, outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true })
  const store = openStore(db)
  try {
    for (const j of store.jobs.list()) {
      for (const lang of ['id', 'en'] as const) {
        const base = `${j.kind}-${j.id}-${lang}`
        await writeJobReport(store, j.id, { out: join(outDir, `${base}.xlsx`), lang, now: FIXED, asOf: FIXED, rekapVersion: 'x', timeZone: 'Asia/Jakarta' })
        await writeJobReport(store, j.id, { out: join(outDir, `${base}.csv`), lang, now: FIXED, asOf: FIXED, rekapVersion: 'x', timeZone: 'Asia/Jakarta' })
        if (j.inputFile?.endsWith('.xlsx')) await writeAnnotatedCopy(store, j.id, { out: join(outDir, `${base}-annotated.xlsx`), lang })
      }
    }
  } finally {
    store.close()
  }
}

async function parts(file: string): Promise<Map<string, string>> {
  const zip = await ZipDirectory.open(file)
  const out = new Map<string, string>()
  for (const name of zip.entries.keys()) if (name !== 'docProps/core.xml') out.set(name, await zip.readText(name))
  return out
}

async function compare(a: string, b: string): Promise<number> {
  let differ = 0
  const files = readdirSync(a).sort()
  for (const f of files) {
    if (f.endsWith('.csv')) {
      const { readFileSync } = await import('node:fs')
      if (!readFileSync(join(a, f)).equals(readFileSync(join(b, f)))) (differ++, console.log(`DIFF ${f}`))
      continue
    }
    const pa = await parts(join(a, f))
    const pb = await parts(join(b, f))
    for (const name of new Set([...pa.keys(), ...pb.keys()])) {
      if (pa.get(name) !== pb.get(name)) (differ++, console.log(`DIFF ${f} ${name}`))
    }
  }
  console.log(`${files.length} files compared; ${differ} parts differ`)
  return differ
}

const [mode, x, y] = process.argv.slice(2)
if (mode === 'write') await write(x, y)
else if (mode === 'compare') process.exitCode = (await compare(x, y)) ? 1 : 0
else console.error('usage: report-compare.ts write DB OUTDIR | compare DIR1 DIR2')
