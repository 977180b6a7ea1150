import { describe, expect, it } from 'vitest'
import { langFlagOf, langOfLocale, messagesFor, pickCliLanguage, systemLocale } from '../../src-main/cli/cli-language'
import { formatRp } from '../../src-main/contract/rupiah'
import { failureText } from '../../src-main/cli/failure-text'
import { usageReason, commandPathOf, type CommandNode } from '../../src-main/cli/usage-error'
import { id } from '../../src-main/cli/messages/id'
import { en } from '../../src-main/cli/messages/en'

describe('CLI language: --lang, then REKAP_LANG, then the system locale, then Indonesian', () => {
  it('takes --lang first', () => {
    expect(pickCliLanguage({ flag: 'en', env: 'id', systemLocale: 'id_ID.UTF-8' })).toBe('en')
    expect(pickCliLanguage({ flag: 'id', env: 'en', systemLocale: 'en_US.UTF-8' })).toBe('id')
  })
  it('then REKAP_LANG', () => {
    expect(pickCliLanguage({ env: 'en', systemLocale: 'id_ID.UTF-8' })).toBe('en')
    expect(pickCliLanguage({ env: 'id', systemLocale: 'en_GB.UTF-8' })).toBe('id')
  })
  it('then the system locale', () => {
    expect(pickCliLanguage({ systemLocale: 'en_US.UTF-8' })).toBe('en')
    expect(pickCliLanguage({ systemLocale: 'id_ID.UTF-8' })).toBe('id')
    expect(pickCliLanguage({ systemLocale: 'in-ID' })).toBe('id')
  })
  it('then Indonesian (C, POSIX, languages rekap does not speak, nothing)', () => {
    for (const loc of ['C.UTF-8', 'POSIX', 'C', 'fr_FR.UTF-8', '', undefined]) expect(pickCliLanguage({ systemLocale: loc })).toBe('id')
    expect(pickCliLanguage({ flag: 'fr', env: 'de' })).toBe('id')
  })
  it('reads the locale from LC_ALL, LC_MESSAGES, LANG in that order; Intl only on Windows', () => {
    expect(systemLocale({ LC_ALL: 'en_US', LANG: 'id_ID' }, 'linux')).toBe('en_US')
    expect(systemLocale({ LC_MESSAGES: 'id_ID', LANG: 'en_US' }, 'linux')).toBe('id_ID')
    expect(systemLocale({ LANG: 'en_US' }, 'linux')).toBe('en_US')
    expect(systemLocale({}, 'linux')).toBeUndefined()
    expect(systemLocale({}, 'win32')).toBeTypeOf('string')
    expect(langOfLocale('id')).toBe('id')
    expect(langOfLocale('indonesian')).toBeNull()
  })
  it('finds --lang anywhere on the command line, before commander parses it', () => {
    expect(langFlagOf(['run', 'x.xlsx', '--lang', 'en'])).toBe('en')
    expect(langFlagOf(['--lang=id', 'jobs'])).toBe('id')
    expect(langFlagOf(['run', '--', '--lang', 'en'])).toBeUndefined()
  })
  it('has the same keys in both catalogues', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !(v instanceof RegExp) ? keys(v, `${p}${k}.`) : [`${p}${k}`]))
    expect(keys(en).sort()).toEqual(keys(id).sort())
    // the catalogues as used: the same entries, each function putting its string arguments on one line
    expect(keys(messagesFor('en')).sort()).toEqual(keys(en).sort())
    expect(keys(messagesFor('id')).sort()).toEqual(keys(id).sort())
    expect(messagesFor('en').report('a.xlsx')).toBe(en.report('a.xlsx'))
    expect(messagesFor('id').report('a\nb.xlsx')).toBe(id.report('a\\x0ab.xlsx'))
  })
})

describe('amounts: one formatting function', () => {
  it('writes Rp1.200 in Indonesian and Rp1,200 in English', () => {
    expect(formatRp(1200, 'id')).toBe('Rp1.200')
    expect(formatRp(1200, 'en')).toBe('Rp1,200')
    expect(formatRp(1234567.4, 'id')).toBe('Rp1.234.567')
    expect(formatRp(-400, 'en')).toBe('-Rp400')
    expect(id.costAtMost(3200)).toContain('Rp3.200')
    expect(en.costAtMost(3200)).toContain('Rp3,200')
    expect(id.progress.spent(1200)).toBe('terpakai Rp1.200')
    expect(en.progress.spent(1200)).toBe('spent Rp1,200')
  })
})

describe('failure lines', () => {
  const located = {
    row: 10,
    column: 'Foto KTP',
    code: 'image-ref-not-found',
    message: 'kyc-sample.xlsx, sheet "Data KYC", row 10, column "Foto KTP": file not found: photos/ktp-06.jpg',
  }
  it('name the row once', () => {
    const en = failureText(located, 'en')
    expect(en).toBe('row 10, column "Foto KTP": file not found: photos/ktp-06.jpg')
    expect(en.match(/row 10/g)).toHaveLength(1)
    const idLine = failureText(located, 'id')
    expect(idLine.match(/baris 10|row 10/g)).toHaveLength(1)
  })
  it('in Indonesian: the Indonesian reason, then what it is about (issue 23 item 15: not the English sentence)', () => {
    expect(failureText(located, 'id')).toBe('baris 10, kolom "Foto KTP": Berkas foto tidak ditemukan (tidak dikirim, tidak ditagih) — photos/ktp-06.jpg')
    const gif = { row: 11, column: 'Foto KTP', code: 'image-wrong-type', message: '/x/ktp-07.jpg: the file is GIF, but only JPG and PNG photos are accepted; save or export it as JPG' }
    expect(failureText(gif, 'id')).toBe('baris 11, kolom "Foto KTP": Berkas bukan foto JPG atau PNG; simpan ulang sebagai JPG — /x/ktp-07.jpg')
  })
  it('keep file and sheet for the pre-flight list', () => {
    expect(failureText(located, 'en', { withFile: true })).toBe(
      'kyc-sample.xlsx, sheet "Data KYC", row 10, column "Foto KTP": file not found: photos/ktp-06.jpg',
    )
  })
  it('a service failure without a location gets the row from the row', () => {
    const f = { row: 13, column: null, code: 'invalid', message: 'Failed to verify faces.' }
    expect(failureText(f, 'en')).toBe('row 13: Failed to verify faces.')
    // the service's own words are quoted as the service's
    expect(failureText(f, 'id')).toBe('baris 13: Ditolak layanan (tidak ditagih) — pesan layanan: "Failed to verify faces."')
  })
})

describe('usage errors as one line', () => {
  it('translates commander errors by code', () => {
    expect(usageReason({ code: 'commander.unknownOption', message: "error: unknown option '--frob'" }, id)).toBe('opsi tidak dikenal --frob')
    expect(usageReason({ code: 'commander.unknownOption', message: "error: unknown option '--jsn'\n(Did you mean --json?)" }, en)).toBe(
      'unknown option --jsn (did you mean --json?)',
    )
    expect(
      usageReason({ code: 'commander.invalidArgument', message: "error: option '--lang <lang>' argument 'fr' is invalid. Allowed choices are id, en." }, en),
    ).toBe('--lang "fr" is not one of: id, en')
    expect(
      usageReason({ code: 'commander.invalidArgument', message: `error: option '--budget <rp>' argument 'abc' is invalid. ${en.usage.notAnAmount('abc')}` }, en),
    ).toBe(`--budget: ${en.usage.notAnAmount('abc')}`)
    expect(usageReason({ code: 'commander.missingMandatoryOptionValue', message: "error: required option '--out <file>' not specified" }, en)).toBe(
      'required option --out is missing',
    )
  })
  it('points at the help of the command being run', () => {
    const node = (name: string, commands: CommandNode[] = []): CommandNode => ({ name: () => name, commands })
    const root = node('rekap', [node('run'), node('jobs'), node('directory', [node('export')])])
    expect(commandPathOf(['run', 'x.xlsx', '--frob'], root)).toBe('rekap run')
    expect(commandPathOf(['directory', 'export', '--out', 'x'], root)).toBe('rekap directory export')
    expect(commandPathOf(['--frob'], root)).toBe('rekap')
  })
})
