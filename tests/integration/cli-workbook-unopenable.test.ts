/**
 * A workbook rekap cannot open at all: one this user may not read (mode 000; as root the process is
 * started without its override of file modes, tests/helpers/rekap-process.ts), a folder given as the
 * workbook, a file that is not there (moved or deleted since it was chosen). Each is bad input
 * (exit 2) said in the user's language naming the file; the unreadable one used to end as an
 * unexpected error in the system's English ("EACCES: permission denied, open '…'", exit 1), the
 * others as a bare code ("tidak bisa dibuka (ENOENT)") or as "bukan berkas" for a folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let lockedXlsx = ''
let lockedCsv = ''
let folder = ''
let gone = ''

beforeAll(() => {
  tmp = makeTempDir('rekap-unopenable-')
  lockedXlsx = join(tmp.dir, 'terkunci.xlsx')
  copyFileSync(join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), lockedXlsx)
  chmodSync(lockedXlsx, 0o000)
  lockedCsv = join(tmp.dir, 'terkunci.csv')
  writeFileSync(lockedCsv, 'Kode RS\n3171015\n')
  chmodSync(lockedCsv, 0o000)
  folder = join(tmp.dir, 'laporan-bulan-ini.xlsx')
  mkdirSync(folder)
  gone = join(tmp.dir, 'sudah-dipindah.xlsx')
})
afterAll(() => tmp?.cleanup())

const run = (file: string, lang: 'id' | 'en') =>
  rekap(['run', file, '--dry-run', '--db', join(tmp.dir, 'rekap.db')], { REKAP_LANG: lang }, { modesBind: true })

describe('a workbook that cannot be opened is bad input, said in the user language naming the file', () => {
  it('one this user may not read (xlsx and csv)', async () => {
    for (const [file, name] of [[lockedXlsx, 'terkunci.xlsx'], [lockedCsv, 'terkunci.csv']]) {
      const id = await run(file, 'id')
      expect(id.code, id.out + id.err).toBe(EXIT.usage)
      expect(id.err).toBe(`rekap: ${name}: tidak boleh dibaca oleh pengguna ini (izin ditolak); minta pemiliknya memberi izin baca, atau salin berkasnya ke folder Anda\n`)
      const en = await run(file, 'en')
      expect(en.code, en.out + en.err).toBe(EXIT.usage)
      expect(en.err).toBe(`rekap: ${name}: this user may not read it (permission denied); ask its owner for read permission, or copy it into a folder of yours\n`)
    }
  }, 60_000)

  it('a folder given as the workbook', async () => {
    const id = await run(folder, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe('rekap: laporan-bulan-ini.xlsx: ini sebuah folder, bukan buku kerja; beri nama berkas di dalamnya\n')
    const en = await run(folder, 'en')
    expect(en.err).toBe('rekap: laporan-bulan-ini.xlsx: this is a folder, not a workbook; give the name of a file in it\n')
  }, 60_000)

  it('a file that is not there (moved or deleted)', async () => {
    const id = await run(gone, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe('rekap: sudah-dipindah.xlsx: tidak ditemukan (dipindah, dihapus, atau namanya salah ketik?)\n')
    const en = await run(gone, 'en')
    expect(en.code).toBe(EXIT.usage)
    expect(en.err).toBe('rekap: sudah-dipindah.xlsx: not found (moved, deleted, or the name mistyped?)\n')
  }, 60_000)
})
