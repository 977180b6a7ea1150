/**
 * "fix them, then send the failed rows again with: rekap retry-failed <id>": a user who fixed a
 * bad cell in the workbook (a malformed hospital code) and ran retry-failed got the same failure
 * again, exit 0, with no word that rekap re-checks the rows as they were read at planning (photo
 * files are read again, cells are not). retry-failed now says that the workbook changed (or is
 * gone) since the job read it, and how to use it as it is now.
 */
import { spawnSync } from 'node:child_process'
import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
const rekap = (args: string[], lang = 'en') =>
  spawnSync(process.execPath, ['bin/rekap.mjs', ...args, '--db', db], { cwd: REPO_ROOT, env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: lang }, encoding: 'utf8' })

beforeAll(() => {
  tmp = makeTempDir('rekap-retry-changed-')
  db = join(tmp.dir, 'rekap.db')
})
afterAll(() => tmp?.cleanup())

function runWithBadCode(name: string): { file: string; id: string } {
  const file = join(tmp.dir, name)
  writeFileSync(file, 'Kode RS\n3171000\nRS 32/01\n')
  const r = rekap(['run', file, '--rps', '20'])
  expect(r.status, r.stdout + r.stderr).toBe(0)
  expect(r.stdout).toMatch(/"RS 32\/01" is not a hospital code/)
  return { file, id: /^job (\w+)$/m.exec(r.stdout)![1] }
}

describe('retry-failed after the workbook was edited or moved', () => {
  it('says the workbook changed since the job read it, and that a new run uses it as it is now', () => {
    const { file, id } = runWithBadCode('codes.csv')
    writeFileSync(file, 'Kode RS\n3171000\n3171002\n') // the cell fixed, as the hint asked
    const r = rekap(['retry-failed', id])
    expect(r.stdout).toContain(`note: ${file} changed since job ${id} read it: retry-failed sends the rows as they were read then`)
    expect(r.stdout).toContain('rekap run <file>')
    const id2 = rekap(['retry-failed', id], 'id')
    expect(id2.stdout).toContain(`catatan: ${file} sudah berubah sejak dibaca pekerjaan ${id}`)
  })

  it('says it is gone when it was moved', () => {
    const { file, id } = runWithBadCode('moved.csv')
    renameSync(file, join(tmp.dir, 'elsewhere.csv'))
    const r = rekap(['retry-failed', id])
    expect(r.stdout).toContain(`note: ${file} is gone since job ${id} read it`)
  })

  it('says nothing when the workbook is as it was', () => {
    const { id } = runWithBadCode('same.csv')
    const r = rekap(['retry-failed', id])
    expect(r.stdout).not.toMatch(/note: .* since job/)
  })
})
