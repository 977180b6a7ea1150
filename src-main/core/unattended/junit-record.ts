import type { RowView } from '../../contract/ipc'
import type { RunRecord } from './run-record'

/** XML 1.0 text: the five entities escaped, characters XML forbids dropped (a workbook's text is untrusted). */
function xmlText(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

function caseName(r: RowView): string {
  return r.sourceRow === null ? `row ${r.rowNo}` : `row ${r.rowNo} (sheet row ${r.sourceRow})`
}

/** One <testcase>: failed rows are failures, rows a crash left unknown are errors, unfinished ones skipped. */
function testCase(record: RunRecord, r: RowView): string {
  const open = `    <testcase classname="rekap.${xmlText(record.kind)}.${xmlText(record.jobId)}" name="${xmlText(caseName(r))}">`
  const verdict = `<system-out>${xmlText(r.verdict)}</system-out>`
  if (r.state === 'failed') {
    const why = xmlText(r.error ?? r.verdict)
    return `${open}<failure type="${xmlText(r.errorCode ?? 'failed')}" message="${why}">${why}</failure>${verdict}</testcase>`
  }
  if (r.state === 'uncertain') return `${open}<error type="uncertain" message="uncertain: may have been charged">uncertain</error>${verdict}</testcase>`
  if (r.state === 'pending' || r.state === 'in-flight') return `${open}<skipped message="not processed"/></testcase>`
  return `${open}${verdict}</testcase>`
}

/**
 * A JUnit XML document for pipelines (one test case per row). Streams its lines so a
 * 100,000-row job is written without holding every case in one string.
 */
export function* junitLines(record: RunRecord, rows: Iterable<RowView>): Generator<string> {
  const c = record.counts
  const skipped = c.pending
  yield '<?xml version="1.0" encoding="UTF-8"?>'
  yield `<testsuites name="rekap" tests="${c.total}" failures="${c.failed}" errors="${c.uncertain}" skipped="${skipped}">`
  yield `  <testsuite name="rekap ${xmlText(record.kind)} ${xmlText(record.jobId)}" tests="${c.total}" failures="${c.failed}" errors="${c.uncertain}" skipped="${skipped}" time="${record.timing.activeSeconds}">`
  yield `    <properties><property name="input" value="${xmlText(record.input.name ?? '')}"/><property name="state" value="${xmlText(record.state)}"/><property name="chargedRp" value="${record.charges.rupiah}"/></properties>`
  for (const r of rows) yield testCase(record, r)
  yield '  </testsuite>'
  yield '</testsuites>'
}
