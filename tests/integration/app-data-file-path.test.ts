/**
 * The app's own data file, where it cannot be made (a file where its folder should be, a folder as
 * the file, a folder this user may not write), is said as `rekap run --db` says it (3f5aded): the
 * file and why, in the user's language. Before: `rekap ui` printed "kesalahan tak terduga: EEXIST:
 * file already exists, mkdir '…'" / "unable to open database file" (exit 1), and the desktop app's
 * start (openApp) threw the same bare system words.
 * Real `rekap ui` processes (the mode binds as root too: rekap-process.ts modesBind), and the
 * desktop app's real start (openApp) in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { appPaths } from '../../src-main/app/app-paths'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp } from '../../src-main/app/open-app'
import { renderCoreText, textOfError } from '../../src-main/core/texts/core-text'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir } from '../helpers/temp-dir'
import { fakeRenderer } from '../security/helpers'

let tmp: ReturnType<typeof makeTempDir>
let renderer: string

beforeAll(() => {
  tmp = makeTempDir('rekap-app-data-file-')
  renderer = fakeRenderer(join(tmp.dir, 'renderer'))
  writeFileSync(join(tmp.dir, 'catatan'), 'bukan folder\n')
  mkdirSync(join(tmp.dir, 'folder.db'))
  mkdirSync(join(tmp.dir, 'terkunci'))
  chmodSync(join(tmp.dir, 'terkunci'), 0o555)
})
afterAll(() => tmp?.cleanup())

const ui = (db: string, lang: 'id' | 'en') =>
  rekap(['ui', '--no-open', '--port', '0', '--db', db], { REKAP_LANG: lang, REKAP_RENDERER_DIR: renderer, REKAP_TEAM: '' }, { modesBind: true })

/** The desktop app's start on these paths: the error it throws, said in a language. */
function desktopStart(dataDir: string, dbFile?: string): { id: string; en: string } {
  let err: unknown = null
  try {
    openApp({ mode: 'electron', paths: appPaths(dataDir, dbFile), vault: () => envKeyVault({}), platformLanguage: 'id-ID', heavyWorkThreads: false }).close()
  } catch (e) {
    err = e
  }
  expect(err, 'the app started').not.toBeNull()
  const text = textOfError(err)
  expect(text, `no text: ${(err as Error).message}`).not.toBeNull()
  return { id: renderCoreText(text!, 'id'), en: renderCoreText(text!, 'en') }
}

describe('rekap ui on a data file that cannot be made says the file and why', () => {
  it('a file where its folder should be', async () => {
    const db = join(tmp.dir, 'catatan', 'rekap.db')
    const id = await ui(db, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe(`rekap: tidak bisa membuat berkas data rekap ${db}: ${join(tmp.dir, 'catatan')} adalah berkas, bukan folder; pilih folder lain\n`)
    const en = await ui(db, 'en')
    expect(en.code, en.out + en.err).toBe(EXIT.usage)
    expect(en.err).toBe(`rekap: cannot make the rekap data file ${db}: ${join(tmp.dir, 'catatan')} is a file, not a folder; choose another folder\n`)
  }, 60_000)

  it('a folder given as the data file', async () => {
    const db = join(tmp.dir, 'folder.db')
    const id = await ui(db, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe(`rekap: tidak bisa membuat berkas data rekap ${db}: itu sebuah folder; beri nama berkas di dalamnya\n`)
    const en = await ui(db, 'en')
    expect(en.err).toBe(`rekap: cannot make the rekap data file ${db}: it is a folder; give a file name inside it\n`)
  }, 60_000)

  it('a folder this user may not write', async () => {
    const folder = join(tmp.dir, 'terkunci')
    const db = join(folder, 'rekap.db')
    const id = await ui(db, 'id')
    expect(id.code, id.out + id.err).toBe(EXIT.usage)
    expect(id.err).toBe(`rekap: tidak bisa membuat berkas data rekap ${db}: folder ${folder} tidak bisa ditulisi (EACCES); pilih folder yang bisa Anda tulisi\n`)
    const en = await ui(db, 'en')
    expect(en.err).toBe(`rekap: cannot make the rekap data file ${db}: the folder ${folder} is not writable (EACCES); choose a folder you can write to\n`)
  }, 60_000)
})

describe("the desktop app's start on a data folder that cannot hold its data file", () => {
  it('a file where its data folder should be', () => {
    const dataDir = join(tmp.dir, 'catatan', 'rekap')
    const db = join(dataDir, 'rekap.db')
    const said = desktopStart(dataDir)
    expect(said.id).toBe(`tidak bisa membuat berkas data rekap ${db}: ${join(tmp.dir, 'catatan')} adalah berkas, bukan folder; pilih folder lain`)
    expect(said.en).toBe(`cannot make the rekap data file ${db}: ${join(tmp.dir, 'catatan')} is a file, not a folder; choose another folder`)
  })

  it('a folder where its data file should be: nothing half-made is left', () => {
    const dataDir = join(tmp.dir, 'kosong')
    mkdirSync(join(dataDir, 'rekap.db'), { recursive: true })
    const said = desktopStart(dataDir)
    expect(said.id).toBe(`tidak bisa membuat berkas data rekap ${join(dataDir, 'rekap.db')}: itu sebuah folder; beri nama berkas di dalamnya`)
    expect(existsSync(join(dataDir, 'rekap.db-wal'))).toBe(false)
  })
})
