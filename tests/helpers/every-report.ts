/**
 * Makes one report of every kind rekap writes, the way a user would: the real `rekap` CLI
 * (bin/rekap.mjs) against the real sandbox process on loopback, from the example inputs.
 * Used by the tests that open every report with a second reader and print it with LibreOffice.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, startSandboxProcess, type SandboxProcess } from './sandbox-process'

export interface EveryReport {
  dir: string
  db: string
  /** report name -> file */
  files: Record<ReportName, string>
  /** the face-match job (12-row KYC example) */
  faceJob: string
}

export type ReportName =
  | 'face'
  | 'faceThumbnails'
  | 'faceCsv'
  | 'hospitalLookup'
  | 'hospitalLookupCsv'
  | 'oddValuesCsv'
  | 'hospitalDirectory'
  | 'schoolLookup'
  | 'schoolDirectory'
  | 'schoolSearch'
  | 'regions'
  | 'directoryExport'
  | 'annotated'

export function rekap(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_LANG: 'id', ...env },
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })))
}

async function ok(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const r = await rekap(args, env)
  if (r.code !== 0 && r.code !== 1) throw new Error(`rekap ${args.join(' ')} exited ${r.code}:\n${r.out}`)
  return r.out
}

const EXAMPLES = join(REPO_ROOT, 'examples')

/** A hospital lookup input: codes with leading zeros, phone numbers, signed words, a dash, real formulas. */
export const ODD_VALUES_INPUT = [
  'No,Kode RS,Telepon PIC,Catatan',
  '1,3101001,+62 812 3456,-Budi',
  '2,0123456,-5,-',
  '3,3101001,0812 3456,"=HYPERLINK(""http://evil.example/x"",""klik"")"',
  '4,0000001,,-2+3',
  '5,3101001,@SUM(A1:A9),"Bandung;=1+1"',
].join('\r\n')

/** Runs every job kind through a sandbox process (premium, so school search answers) and exports. */
export async function makeEveryReport(dir: string): Promise<EveryReport & { sandbox: SandboxProcess }> {
  const sandbox = await startSandboxProcess({ args: ['--premium', '--hospital-plan', 'premium'] })
  const db = join(dir, 'rekap.db')
  const env = { REKAP_API_KEY: sandbox.key, REKAP_TZ: '' }
  const common = ['--db', db, '--base-url', sandbox.url, '--yes', '--json']
  const f = (name: string): string => join(dir, name)
  const files = {
    face: f('kyc.xlsx'),
    faceThumbnails: f('kyc-thumbnails.xlsx'),
    faceCsv: f('kyc.csv'),
    hospitalLookup: f('hospital-lookup.xlsx'),
    hospitalLookupCsv: f('hospital-lookup.csv'),
    oddValuesCsv: f('odd-values.csv'),
    hospitalDirectory: f('hospital-directory.xlsx'),
    schoolLookup: f('school-lookup.xlsx'),
    schoolDirectory: f('school-directory.xlsx'),
    schoolSearch: f('school-search.xlsx'),
    regions: f('regions.xlsx'),
    directoryExport: f('directory-export.xlsx'),
    annotated: f('kyc-annotated.xlsx'),
  } satisfies Record<ReportName, string>
  const run = async (input: string, out: string): Promise<string> =>
    (JSON.parse(await ok(['run', join(EXAMPLES, input), '--out', out, ...common], env)) as { jobId: string }).jobId

  const faceJob = await run('kyc/kyc-sample.xlsx', f('kyc-first.xlsx'))
  const queue = JSON.parse(await ok(['review', faceJob, '--list', '--json', '--db', db], env)) as { items: Array<{ row: number }> }
  const [a, b] = queue.items
  await ok(['review', faceJob, '--row', String(a.row), '--decision', 'approve', '--by', 'Siti Rahma', '--note', 'tahi lalat sama', '--db', db], env)
  await ok(['review', faceJob, '--row', String(b.row), '--decision', 'reject', '--by', 'Budi', '--db', db], env)
  await ok(['export', faceJob, '--out', files.face, '--db', db], env)
  await ok(['export', faceJob, '--out', files.faceThumbnails, '--thumbnails', '--db', db], env)
  await ok(['export', faceJob, '--out', files.faceCsv, '--db', db], env)
  await ok(['export', faceJob, '--out', files.annotated, '--annotated', '--db', db], env)

  const hospitalJob = await run('hospitals/hospital-codes.xlsx', files.hospitalLookup)
  await ok(['export', hospitalJob, '--out', files.hospitalLookupCsv, '--db', db], env)
  // values people really type, which start like a formula or lose digits as a number
  const odd = f('odd-values-input.csv')
  writeFileSync(odd, ODD_VALUES_INPUT)
  const oddJob = (JSON.parse(await ok(['run', odd, '--kind', 'hospital-lookup', '--out', f('odd-values.xlsx'), ...common], env)) as { jobId: string }).jobId
  await ok(['export', oddJob, '--out', files.oddValuesCsv, '--db', db], env)
  await run('templates/hospital-directory.xlsx', files.hospitalDirectory)
  await run('schools/npsn.csv', files.schoolLookup)
  await run('schools/regencies.csv', files.schoolDirectory)
  await run('templates/school-search.xlsx', files.schoolSearch)
  await run('templates/regions.xlsx', files.regions)
  await ok(['directory', 'export', '--kind', 'hospitals', '--province', '32', '--out', files.directoryExport, '--db', db, '--base-url', sandbox.url], env)
  return { dir, db, files, faceJob, sandbox }
}
