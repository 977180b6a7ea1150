import { LOCATED_MESSAGE, rowErrorDetail, rowErrorReason } from '../contract/row-error-reasons'
import type { CliLang } from './cli-language'
import { oneLine } from '../contract/one-line'
import { renderCoreText, textOfError } from '../core/texts/core-text'

export interface FailureInput {
  /** the row as Excel numbers it, when known */
  row: number | null
  column: string | null
  code: string | null
  /** the importer's or the service's own words (may start with "file, sheet "S", row N, column "C": ", always in English) */
  message: string
  /** the reason after the location as a core text, when rekap has one (the plan's problems and cell warnings) */
  reason?: { code: string; params: Record<string, unknown> }
}


/**
 * One failure as a line: where (row, column; file and sheet too when asked) once, then why.
 * The stored message often starts with its own location, which is taken apart instead of
 * being printed after a second "row N". In Indonesian the short reason for the code comes
 * first, then what it is about (rowErrorDetail: the path, or the service's words quoted).
 * Always one line: a line break in any of it (a multi-line cell, a file name) is shown as `\x0a`.
 */
export function failureText(f: FailureInput, lang: CliLang, o: { withFile?: boolean } = {}): string {
  const m = LOCATED_MESSAGE.exec(f.message)
  const file = m?.[1]
  const sheet = m?.[2]
  const row = m?.[3] ? Number(m[3]) : f.row
  const column = m?.[4] ?? f.column
  const original = m ? m[5] : f.message
  const where: string[] = []
  if (o.withFile && file) where.push(file)
  if (o.withFile && sheet !== undefined) where.push(lang === 'id' ? `lembar "${sheet}"` : `sheet "${sheet}"`)
  if (row !== null && row > 0) where.push(lang === 'id' ? `baris ${row}` : `row ${row}`)
  if (column) where.push(lang === 'id' ? `kolom "${column}"` : `column "${column}"`)
  // rekap's own reason as a core text (checked: a plan read back may carry anything): wholly in the reader's language
  const said = lang === 'id' && f.reason ? textOfError({ text: f.reason }) : null
  const reason = lang === 'id' && !said ? rowErrorReason(f.code, 'id') : null
  const detail = rowErrorDetail(f.code, original, lang)
  const why = said ? renderCoreText(said, lang) : reason && detail && !detail.includes(reason) ? `${reason} — ${detail}` : reason ?? original
  // the file, sheet, column and the cell quoted in the reason are the input's: they stay on this line
  return oneLine(where.length ? `${where.join(', ')}: ${why}` : why)
}
