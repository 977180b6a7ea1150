import type { Verdict } from '../verdict'
import type { ReportLabels } from './labels'
import type { OutcomeTone } from './report-output'

/** A kind's verdict tones keyed by the verdict words of the report's language (the outcome column's colours). */
export function toneMap(L: ReportLabels, tones: Partial<Record<Verdict, OutcomeTone>>): Record<string, OutcomeTone> {
  const out: Record<string, OutcomeTone> = {}
  for (const [k, t] of Object.entries(tones)) out[L.outcomes[k as Verdict]] = t!
  return out
}
