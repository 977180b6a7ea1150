/**
 * Issue 23 item 15: English left in Indonesian output and decimal points beside "0,993". The
 * main CLI flows in `--lang id` (a run with --verbose, the job list, a directory search without
 * premium, a directory export, the sandbox's start-up lines), read as a person reads them: no
 * English word from the list below, numbers in id-ID digits (3.000, 2,9).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { startSandboxProcess } from '../helpers/sandbox-process'

function rekap(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args, '--lang', 'id'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: '' } })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })))
}

/** Words that are English in a sentence (commands, kinds and flags the user types are allowed). */
const ENGLISH = /\b(done|failed|ready|running|paused|blocked|rows?|hits left|left this month|measuring|only for premium|Nothing was charged|School search|given|not printed|started in|generated from seed|stopped|admin token|the|and|of)\b/

const tmp = makeTempDir('rekap-id-')
afterAll(() => tmp.cleanup())

describe('Indonesian output', () => {
  it('run, jobs, directory search and export say Indonesian words and id-ID numbers', async () => {
    const db = join(tmp.dir, 'id.db')
    const codes = join(tmp.dir, 'kode.csv')
    writeFileSync(codes, ['Kode RS', ...Array.from({ length: 12 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
    const run = await rekap(['run', codes, '--rps', '4', '--verbose', '--db', db])
    expect(run.code, run.err).toBe(0)
    const jobs = await rekap(['jobs', '--db', db])
    const search = await rekap(['directory', 'search', 'SMA', '--db', db])
    expect(search.code).toBe(3) // the sandbox account is not premium
    const exp = await rekap(['directory', 'export', '--kind', 'hospitals', '--out', join(tmp.dir, 'rs.xlsx'), '--db', db])
    // the machine-read first line (`job <id>`) and kind/command names are the same in every language
    const said = [run.out, run.err, jobs.out, search.err, exp.out, exp.err]
      .join('\n')
      .split('\n')
      .filter((l) => !/^job \w+$/.test(l))
      // the commands a job offers next (`[retry-failed | cancel]`) are typed words, the same in every language
      .map((l) => l.replace(/hospital-lookup|rekap [\w-]+|--[\w-]+|\[[a-z| -]+\]|\[[^\]]*: [^\]]*\]|"[^"]*"|\S+\.(xlsx|csv|db)\b|\/\S+/g, ''))
    for (const line of said) expect(line, line).not.toMatch(ENGLISH)
    expect(run.out).toMatch(/kuota sisa 3\.000 hit bulan ini/) // not "sisa 2999"
    for (const l of run.out.split('\n').filter((x) => /\/dtk/.test(x))) expect(l).toMatch(/\d,\d\/dtk/)
    expect(jobs.out).toMatch(/ selesai /)
  })

  it('failure lines, --verbose retries and review scores: Indonesian words, the paths as they are, the service quoted', async () => {
    const db = join(tmp.dir, 'kyc.db')
    const kyc = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--verbose', '--db', db, '--out', join(tmp.dir, 'kyc.xlsx')])
    expect(kyc.code, kyc.err).toBe(0)
    // a standard plan pushed past its 20/s: the sandbox answers 429 and --verbose tells each retry
    const codes = join(tmp.dir, 'banyak.csv')
    writeFileSync(codes, ['Kode RS', ...Array.from({ length: 80 }, (_, i) => `31${String(72000 + i).padStart(5, '0')}`)].join('\n') + '\n')
    const busy = await rekap(['run', codes, '--hospital-plan', 'standard', '--rps', '100', '--concurrency', '16', '--verbose', '--db', join(tmp.dir, 'busy.db')])
    expect(busy.code, busy.err).toBe(0)
    const review = await rekap(['review', /job (\w+)/.exec(kyc.out)![1], '--list', '--db', db])
    // a comparison that cannot be made says why in Indonesian too (exit 2, the same in every language)
    const compare = await rekap(['compare', 'jtidakada', /job (\w+)/.exec(kyc.out)![1], '--db', db])
    expect(compare.code).toBe(2)
    expect(compare.err).toMatch(/tidak ada pekerjaan jtidakada/)
    const said = [kyc.out, kyc.err, busy.out, busy.err, review.out, compare.err]
      .join('\n')
      .split('\n')
      .filter((l) => !/^job \w+$/.test(l))
      // typed words and file names stay as typed; the service's own words are quoted as the service's
      .map((l) => l.replace(/face-match|hospital-lookup|rekap [\w-]+|--[\w-]+|\[[a-z| -]+\]|"[^"]*"|\S+\.(xlsx|csv|db|jpg)\b|\/\S+/g, ''))
    for (const line of said) expect(line, line).not.toMatch(/\b(file not found|the file is|only JPG|retry in|rate-limited|row \d+)\b/)
    for (const line of said) expect(line, line).not.toMatch(ENGLISH)
    expect(busy.err).toMatch(/\[info\] baris \d+: dibatasi layanan \(429\), dicoba lagi dalam [\d.]+ md/)
    // scores with a decimal comma (0,9931), never a decimal point
    expect(review.out).toMatch(/\b0,\d{4}\b/)
    expect(review.out).not.toMatch(/\b0\.\d{4}\b/)
  })

  it('the plan line: counts grouped the Indonesian way; a directory dry run says its time is a lower bound', async () => {
    const codes = join(tmp.dir, 'seribu.csv')
    writeFileSync(codes, ['Kode RS', ...Array.from({ length: 1500 }, (_, i) => `31${String(73000 + i).padStart(5, '0')}`)].join('\n') + '\n')
    const many = await rekap(['run', codes, '--dry-run', '--db', join(tmp.dir, 'plan.db')])
    expect(many.out).toMatch(/rencana: 1\.500 panggilan, 0 dari cache/)
    // a dry run sends nothing, so a directory plan cannot count pages: one a query is the least
    const dir = await rekap(['run', join(REPO_ROOT, 'examples/templates/school-directory.xlsx'), '--dry-run', '--db', join(tmp.dir, 'plan.db')])
    expect(dir.out).toMatch(/sekurang-kurangnya \d+s/)
    expect(dir.out).not.toMatch(/sekitar \d+s/)
  })

  it('a usage error says its numbers in Indonesian, not commander\'s English sentence', async () => {
    const extra = await rekap(['review', 'jsatu', 'jdua', 'jtiga', '--list', '--db', join(tmp.dir, 'usage.db')])
    expect(extra.code).toBe(2)
    expect(extra.err).toMatch(/^rekap: terlalu banyak argumen \(diharapkan 1, diberikan 3\)$/m)
    expect(extra.err).not.toMatch(/Expected|but got|argument/)
  })

  it('the sandbox says its start-up lines in Indonesian (the listening line stays machine-read)', async () => {
    const sb = await startSandboxProcess({ env: { REKAP_LANG: 'id' } })
    try {
      const lines = sb.output().split('\n').filter((l) => l && !l.startsWith('rekap sandbox listening on '))
      expect(lines.join('\n')).toMatch(/kunci: 1 diberikan/)
      expect(lines.join('\n')).toMatch(/token admin: /)
      expect(lines.join('\n')).toMatch(/siap dalam [\d.]+ md/)
      for (const l of lines) expect(l.replace(/\S*seed\S*|REKAP_SANDBOX_KEYS|--[\w-]+/g, ''), l).not.toMatch(ENGLISH)
    } finally {
      await sb.stop()
    }
  })
})
