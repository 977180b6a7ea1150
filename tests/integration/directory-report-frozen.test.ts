/**
 * A finished directory job's report is what that job fetched. Reports of directory jobs were built
 * from the cache at export time, so a later sync of the same query (the service's data changed)
 * changed an older job's report and `rekap compare` by id. Now a job keeps its own copy of each
 * record when it links it. Real parts: two sandbox processes on the same port (the service before
 * and after its data changed: `--seed 1`, then `--seed 2`), the real CLI, exceljs reading both reports.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/every-report'
import { readWithExceljs } from '../helpers/report-readers'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'

const tmp = makeTempDir('rekap-frozen-directory-')
let sandbox: SandboxProcess | null = null
afterAll(async () => {
  await sandbox?.stop()
  tmp.cleanup()
})

const jobOf = (out: string): string => (JSON.parse(out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!) as { jobId: string }).jobId
const results = async (file: string): Promise<string> => JSON.stringify((await readWithExceljs(file)).sheets['Hasil'].cells)

describe('a directory job report keeps the records the job fetched', () => {
  it('job A, the service changes, a newer job syncs the same query: exporting A again gives the same cells', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const query = join(tmp.dir, 'kabupaten.csv')
    writeFileSync(query, 'Kode Kabupaten\n3273\n3204\n')
    sandbox = await startSandboxProcess({ args: ['--seed', '1'] })
    const port = new URL(sandbox.url).port
    const env = { REKAP_API_KEY: sandbox.key, REKAP_TZ: '' }
    const flags = ['--kind', 'hospital-directory', '--db', db, '--base-url', sandbox.url, '--yes', '--json']
    const a = await rekap(['run', query, ...flags, '--out', join(tmp.dir, 'a-first.xlsx')], env)
    expect(a.code, a.out).toBe(0)
    const jobA = jobOf(a.out)

    // the same service (same address) after its data changed
    await sandbox.stop()
    sandbox = await startSandboxProcess({ args: ['--seed', '2', '--port', port] })
    expect(new URL(sandbox.url).port).toBe(port)
    const b = await rekap(['run', query, ...flags, '--refresh', '--out', join(tmp.dir, 'b.xlsx')], env)
    expect(b.code, b.out).toBe(0)

    const again = await rekap(['export', jobA, '--out', join(tmp.dir, 'a-again.xlsx'), '--db', db], env)
    expect(again.code, again.out).toBe(0)
    const first = await results(join(tmp.dir, 'a-first.xlsx'))
    // the data did change (else this test could not fail)...
    expect(await results(join(tmp.dir, 'b.xlsx'))).not.toBe(first)
    // ...and job A's report did not
    expect(await results(join(tmp.dir, 'a-again.xlsx'))).toBe(first)
    // `rekap compare` of the two jobs by id sees the change (it read today's cache for both before)
    const cmp = await rekap(['compare', jobA, jobOf(b.out), '--json', '--db', db], env)
    const diff = JSON.parse(cmp.out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!) as { added: number; removed: number; changed: unknown[] }
    expect(diff.added + diff.removed + diff.changed.length).toBeGreaterThan(0)
  })
})
