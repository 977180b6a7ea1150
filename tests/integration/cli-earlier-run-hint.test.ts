/**
 * Running a workbook again names the job that ran it before, and what can be done with it. It
 * used to say "to continue it instead: rekap resume <id>" whatever that job's state: for a job
 * that was done (the usual case: the same file run again next day) rekap then refused the very
 * command it had suggested ("is done; nothing is left to send", exit 2). The hint now names only
 * what job-actions allows.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let codes: string
const rekap = (args: string[], lang = 'en') =>
  spawnSync(process.execPath, ['bin/rekap.mjs', ...args, '--db', db], { cwd: REPO_ROOT, env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: lang }, encoding: 'utf8' })

beforeAll(() => {
  tmp = makeTempDir('rekap-earlier-run-')
  db = join(tmp.dir, 'rekap.db')
  codes = join(tmp.dir, 'codes.csv')
  writeFileSync(codes, ['Kode RS', ...Array.from({ length: 5 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
})
afterAll(() => tmp?.cleanup())

describe('the same workbook run again', () => {
  it('after a done job: names its report, never `rekap resume` (which is refused)', () => {
    const first = rekap(['run', codes, '--rps', '20'])
    expect(first.status, first.stdout + first.stderr).toBe(0)
    const id = /^job (\w+)$/m.exec(first.stdout)![1]
    expect(rekap(['resume', id]).status).toBe(2) // what the old hint suggested

    for (const [lang, said] of [
      ['en', new RegExp(`already planned as job ${id} \\(done\\): its report is \`rekap export ${id} --out F\``)],
      ['id', new RegExp(`sebagai pekerjaan ${id} \\(selesai\\): laporannya \`rekap export ${id} --out F\``)],
    ] as const) {
      const again = rekap(['run', codes, '--rps', '20', '--dry-run'], lang)
      expect(again.status, again.stdout + again.stderr).toBe(0)
      expect(again.stdout).toMatch(said)
      expect(again.stdout).not.toMatch(new RegExp(`rekap resume ${id}`))
    }
  })

  it('after a job that stopped on the month\'s quota (blocked): says it can be continued', () => {
    const other = join(tmp.dir, 'other.csv')
    writeFileSync(other, ['Kode RS', ...Array.from({ length: 5 }, (_, i) => `32${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
    const blocked = rekap(['run', other, '--rps', '20', '--hits-used', 'hospitals=2998'])
    expect(blocked.status, blocked.stdout + blocked.stderr).toBe(3)
    const id = /^job (\w+)$/m.exec(blocked.stdout)![1]
    const again = rekap(['run', other, '--rps', '20', '--dry-run'])
    expect(again.stdout).toMatch(new RegExp(`already planned as job ${id} \\(blocked\\): its report is .*; to continue it instead: rekap resume ${id}`))
  })
})
