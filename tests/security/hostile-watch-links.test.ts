/**
 * Hostile-input audit, the watched folder: whoever may drop files there could drop a symbolic link
 * instead, to a file only rekap's user may read (another desk's workbook, a key, rekap's own data).
 * The watcher followed it: it planned /etc/passwd as a CSV and wrote its first line into
 * gagal/passwd.csv.alasan.txt, for the dropper to read. A link is now refused unread, with its reason
 * (the same rule as photo paths: nothing outside the folder is read unless the user says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-watchlink-')))
afterAll(() => tmp.cleanup())

describe('a symbolic link dropped into a watched folder', () => {
  it('is refused to gagal/ without reading what it points to', async () => {
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    const secret = join(tmp.dir, 'rahasia.csv')
    writeFileSync(secret, 'RAHASIA-7781,Kode RS\nx,3201001\n')
    symlinkSync(secret, join(dir, 'tautan.csv'))
    const db = join(tmp.dir, 'watch.db')
    const saved = await rekap(['preset', 'save', 'rs', '--kind', 'hospital-lookup', '--db', db])
    expect(saved.code, saved.out).toBe(0)
    const run = await rekap(['watch', dir, '--preset', 'rs', '--db', db, '--once', '--settle-ms', '100'], { env: { REKAP_LANG: 'id' }, timeoutMs: 90_000 })
    expect(run.code, run.out).toBe(0)
    expect(run.out).not.toMatch(/RAHASIA/)
    expect(readdirSync(join(dir, 'gagal')).sort()).toEqual(['tautan.csv', 'tautan.csv.alasan.txt'])
    const reason = readFileSync(join(dir, 'gagal', 'tautan.csv.alasan.txt'), 'utf8')
    expect(reason).toMatch(/tautan simbolis/)
    expect(reason).not.toMatch(/RAHASIA/)
    expect(existsSync(secret)).toBe(true)
    const jobs = JSON.parse((await rekap(['jobs', '--json', '--db', db])).stdout) as unknown[]
    expect(jobs).toEqual([])
  }, 120_000)
})
