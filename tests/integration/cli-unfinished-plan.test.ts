/**
 * A `rekap run` killed while it still read its workbook leaves a draft: a job holding some of the
 * rows (maybe none) whose cost nobody confirmed. Resuming it used to run what was there and end
 * "done" (0/0 rows, exit 0): the workbook's rows were never sent and rekap said it had finished.
 * Now `resume` refuses and says to plan again; a new `rekap run` of the file does the whole job.
 * No timing: the process kills itself (SIGKILL) the moment it has said `job <id>`.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'
import { dieAtFirstLine } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let codes: string
const env = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' }
const rekap = (args: string[]) => spawnSync(process.execPath, ['bin/rekap.mjs', ...args, '--db', db], { cwd: REPO_ROOT, env, encoding: 'utf8' })

beforeAll(() => {
  tmp = makeTempDir('rekap-unfinished-plan-')
  db = join(tmp.dir, 'rekap.db')
  codes = join(tmp.dir, 'codes.csv')
  writeFileSync(codes, ['Kode RS', ...Array.from({ length: 40 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
})
afterAll(() => tmp?.cleanup())

/** `rekap run` killed right after its first line (by itself: no race with the test): the job exists, its plan is not made. */
async function killedAtFirstLine(): Promise<string> {
  const run = spawnSync(process.execPath, [...dieAtFirstLine(tmp.dir), 'bin/rekap.mjs', 'run', codes, '--rps', '20', '--db', db], { cwd: REPO_ROOT, env, encoding: 'utf8' })
  expect(run.signal).toBe('SIGKILL')
  return /^job (\w+)$/.exec(run.stdout.split('\n')[0])![1]
}

describe('a run killed before its plan was made', () => {
  it('resume refuses (exit 2, says to plan again), sends nothing; a new run of the file does every row', async () => {
    const id = await killedAtFirstLine()
    const store = openStore(db)
    try {
      expect(store.jobs.get(id)?.state).toBe('draft')
    } finally {
      store.close()
    }

    const resumed = rekap(['resume', id])
    expect(resumed.status, resumed.stdout + resumed.stderr).toBe(2)
    expect(resumed.stderr).toMatch(new RegExp(`job ${id} is a plan that never finished .*plan the workbook again`))
    const listed = rekap(['jobs'])
    expect(listed.stdout).toMatch(new RegExp(`${id} .*draft`))
    expect(listed.stdout.split('\n').find((l) => l.startsWith(id))).not.toMatch(/resume|start/)

    const again = rekap(['run', codes, '--rps', '20'])
    expect(again.status, again.stdout + again.stderr).toBe(0)
    const newId = /^job (\w+)$/m.exec(again.stdout)![1]
    const after = openStore(db)
    try {
      expect(after.jobs.get(id)?.state).toBe('draft') // nothing was run under the old id
      expect(after.rows.counts(id).done).toBe(0)
      const c = after.rows.counts(newId)
      expect(c.total).toBe(40)
      expect(c.done + c.failed).toBe(40)
    } finally {
      after.close()
    }
  })
})
