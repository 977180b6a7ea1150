/**
 * A data file rekap cannot even make (`--db` under a file, on a folder, in a folder this user may not
 * write, on a full disk): said like every other path problem, naming the file and why, in the user's
 * language; a path that cannot be used is bad input (exit 2), a full disk is exit 1 saying so (README).
 * Before: "unexpected error: EEXIST: file already exists, mkdir '…'" (exit 1), "cannot open the rekap
 * data file …: unable to open database file", "EACCES: permission denied, mkdir '…/pictures'".
 * Real `rekap` processes; the folder's mode binds as root too (rekap-process.ts modesBind); a real tmpfs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { mountSmallDisk, type SmallDisk } from '../helpers/tmpfs'

const CODES = join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx')
let tmp: ReturnType<typeof makeTempDir>
let disk: SmallDisk | undefined

beforeAll(() => {
  tmp = makeTempDir('rekap-data-file-path-')
  writeFileSync(join(tmp.dir, 'catatan'), 'bukan folder\n')
  mkdirSync(join(tmp.dir, 'folder.db'))
  mkdirSync(join(tmp.dir, 'terkunci'))
  chmodSync(join(tmp.dir, 'terkunci'), 0o555)
})
afterAll(() => {
  disk?.unmount()
  tmp?.cleanup()
})

const run = (db: string, lang: 'id' | 'en') => rekap(['run', CODES, '--dry-run', '--db', db], { REKAP_LANG: lang }, { modesBind: true })

describe('a data file that cannot be made is said naming the file and why', () => {
  it('a file where its folder should be', async () => {
    const db = join(tmp.dir, 'catatan', 'rekap.db')
    const id = await run(db, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe(`rekap: tidak bisa membuat berkas data rekap ${db}: ${join(tmp.dir, 'catatan')} adalah berkas, bukan folder; pilih folder lain\n`)
    const en = await run(db, 'en')
    expect(en.code, en.out + en.err).toBe(EXIT.usage)
    expect(en.err).toBe(`rekap: cannot make the rekap data file ${db}: ${join(tmp.dir, 'catatan')} is a file, not a folder; choose another folder\n`)
  }, 60_000)

  it('a folder given as the data file', async () => {
    const db = join(tmp.dir, 'folder.db')
    const id = await run(db, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe(`rekap: tidak bisa membuat berkas data rekap ${db}: itu sebuah folder; beri nama berkas di dalamnya\n`)
    const en = await run(db, 'en')
    expect(en.err).toBe(`rekap: cannot make the rekap data file ${db}: it is a folder; give a file name inside it\n`)
  }, 60_000)

  it('a folder this user may not write, and a folder to be made inside it', async () => {
    const folder = join(tmp.dir, 'terkunci')
    for (const db of [join(folder, 'rekap.db'), join(folder, 'baru', 'rekap.db')]) {
      const id = await run(db, 'id')
      expect(id.code, id.out + id.err).toBe(EXIT.usage)
      expect(id.err).toBe(`rekap: tidak bisa membuat berkas data rekap ${db}: folder ${folder} tidak bisa ditulisi (EACCES); pilih folder yang bisa Anda tulisi\n`)
      const en = await run(db, 'en')
      expect(en.err).toBe(`rekap: cannot make the rekap data file ${db}: the folder ${folder} is not writable (EACCES); choose a folder you can write to\n`)
    }
  }, 60_000)

  it('a full disk when the data file is made', async () => {
    disk = mountSmallDisk(256)
    disk.fill()
    const db = join(disk.dir, 'rekap.db')
    const id = await run(db, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.unexpected)
    expect(id.err).toBe(`rekap: disk penuh: berkas data ${db} tidak bisa dibuat; kosongkan ruang disk, lalu jalankan perintahnya lagi\n`)
    const en = await run(db, 'en')
    expect(en.code, en.out + en.err).toBe(EXIT.unexpected)
    expect(en.err).toBe(`rekap: the disk is full: the data file ${db} cannot be made; free disk space, then run the command again\n`)
  }, 60_000)
})
