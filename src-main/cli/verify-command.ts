import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { openStore, type Store } from '../core/store'
import { openDataFile } from './data-file-open'
import { verifyReport, VerifyError, type SignatureCheck } from '../core/export/verify-report'
import { dbPathFrom } from './data-file-path'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'
import { coreMessage } from './core-message'
import { renderCoreText, type CoreText } from '../core/texts/core-text'

export interface VerifyOptions {
  db?: string
  json?: boolean
}

/** Whether the digest's signature holds, and whose key made it (this data file's, or one this computer does not know). */
function signatureLine(s: SignatureCheck): string {
  const m = t().verify
  if (s.state === 'none') return m.unsigned
  if (s.state === 'invalid') return m.signatureInvalid(s.fingerprint ?? '-')
  return s.signer === 'this-data-file' ? m.signedMine(s.fingerprint ?? '-') : m.signedUnknown(s.fingerprint ?? '-')
}

/** Exit 0 when the report is unchanged, 1 when it was changed, 2 when it cannot be checked at all. */
export async function verifyCommand(reportArg: string, o: VerifyOptions): Promise<number> {
  const file = resolve(reportArg)
  if (!existsSync(file)) throw new CliError(t().verify.noFile(file), EXIT.usage)
  const dbFile = dbPathFrom(o.db)
  if (o.db && !existsSync(dbFile)) throw new CliError(t().verify.noDb(dbFile), EXIT.usage)
  // Without --db the default data file is used only if it exists (the report may come from elsewhere).
  const store: Store | null = existsSync(dbFile) ? openDataFile(dbFile, () => openStore(dbFile)) : null
  try {
    const r = await verifyReport(file, { store })
    if (o.json) {
      // machine-read: the same in every language (English words, plus each finding's code and parameters)
      const en = (x: CoreText): string => renderCoreText(x, 'en')
      const doc = { file, ...r, changes: r.changes.map(en), notes: r.notes.map(en), findings: { changes: r.changes, notes: r.notes } }
      process.stdout.write(JSON.stringify(doc, null, 2) + '\n')
    } else if (r.unchanged) {
      const m = t().verify
      process.stdout.write((r.team ? t().team.unchangedReport(file, r.team) : r.directory ? m.unchangedDirectory(file, r.directory) : m.unchanged(file, r.jobId ?? '')) + '\n')
      // what was checked: success without the data file must not read like a full check
      process.stdout.write((!store ? m.digestOnlyUnchanged : r.mode === 'store' ? m.checkedWithStore(store.file) : m.digestOnlyWithStore(store.file)) + '\n')
      for (const n of r.notes) process.stdout.write(m.note(t().core(n)) + '\n')
      process.stdout.write(signatureLine(r.signature) + '\n')
    } else {
      const m = t().verify
      process.stdout.write((r.team ? t().team.changedReport(file, r.team) : r.directory ? m.changedDirectory(file, r.directory) : m.changed(file, r.jobId ?? '')) + '\n')
      for (const c of r.changes) process.stdout.write(`  - ${t().core(c)}\n`)
      for (const n of r.notes) process.stdout.write(t().verify.note(t().core(n)) + '\n')
      if (r.mode === 'digest' && !r.notes.length) process.stdout.write(t().verify.digestOnly + '\n')
      process.stdout.write(signatureLine(r.signature) + '\n')
    }
    return r.unchanged ? EXIT.ok : EXIT.unexpected
  } catch (err) {
    if (err instanceof VerifyError) throw new CliError(coreMessage(err), EXIT.usage)
    throw err
  } finally {
    store?.close()
  }
}
